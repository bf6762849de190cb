import { Transform } from "node:stream";
import {
  type AcceptedImageFormat,
  type RefusedFileFormat,
  readDeclaredSize,
  signatureBytes,
  sniffFileSignature,
} from "./image-header";
import { mediaLimits } from "./media-limits";

/** Why a picture was refused while it streamed, with what the message needs to say. */
export class ImageHeaderRefusal extends Error {
  constructor(
    readonly reason: "unsupported" | "too-many-pixels" | "damaged",
    readonly details: { format?: RefusedFileFormat; width?: number; height?: number } = {},
  ) {
    super(`picture refused: ${reason}`);
    this.name = "ImageHeaderRefusal";
  }
}

/**
 * Passes an upload's bytes through while reading its head: as soon as the first bytes show it is not a
 * JPEG, PNG or WebP, or its header declares more pixels than `mediaLimits` allows, the stream fails
 * with an `ImageHeaderRefusal`, so the storage driver drops what it had and the rest is never stored.
 * Only the head is kept (at most `maxHeaderBytes`); a JPEG whose size lies beyond it is left to the
 * worker, which reads the same header with libvips before decoding.
 */
export function createImageSniffer() {
  let head = Buffer.alloc(0);
  let format: AcceptedImageFormat | undefined;
  let isDecided = false;
  let declared: { width: number; height: number } | undefined;

  const check = (isComplete: boolean): ImageHeaderRefusal | null => {
    if (!format) {
      const signature = sniffFileSignature(head, isComplete);
      if (signature.kind === "undecided") return null;
      if (signature.kind === "refused") {
        return new ImageHeaderRefusal("unsupported", { format: signature.format });
      }
      if (signature.kind === "unknown") return new ImageHeaderRefusal("unsupported");
      format = signature.format;
    }
    const size = readDeclaredSize(format, head);
    if (size.status === "damaged") return new ImageHeaderRefusal("damaged");
    if (size.status === "need-more") {
      if (isComplete) return new ImageHeaderRefusal("damaged");
      if (head.length >= mediaLimits.maxHeaderBytes) isDecided = true;
      return null;
    }
    isDecided = true;
    declared = { width: size.width, height: size.height };
    const { width, height } = size;
    if (
      width === 0 ||
      height === 0 ||
      width * height > mediaLimits.maxPixels ||
      width > mediaLimits.maxSide ||
      height > mediaLimits.maxSide
    ) {
      return width && height
        ? new ImageHeaderRefusal("too-many-pixels", { width, height })
        : new ImageHeaderRefusal("damaged");
    }
    return null;
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!isDecided) {
        head = Buffer.concat([head, chunk.subarray(0, mediaLimits.maxHeaderBytes - head.length)]);
        if (head.length >= signatureBytes || format) {
          const refusal = check(false);
          if (refusal) return callback(refusal);
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      // An empty file is the metering stream's to name ("empty").
      callback(isDecided || head.length === 0 ? null : check(true));
    },
  });
  return {
    stream,
    /** The format and size the header declared, when it was read. */
    result: () => ({ format, declared }),
  };
}
