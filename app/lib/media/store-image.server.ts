import crypto from "node:crypto";
import { Readable } from "node:stream";
import { createMeteredStream, FileTooLargeError } from "~/lib/storage/metered-stream";
import type { UploadDependencies } from "~/lib/uploads/pdf-upload";
import type { ReceivedFileContext } from "~/lib/uploads/receive-pdf-upload.server";
import type { RefusedFileFormat } from "./image-header";
import { createImageSniffer, ImageHeaderRefusal } from "./image-sniffer";
import { type ImagePurpose, mediaLimits, mediaStoragePrefix } from "./media-limits";
import { type ImageRefusal, processImage } from "./process-image.server";

/** Uploads being checked, under the media prefix so the orphan sweep removes any a crash left. */
const incomingPrefix = `${mediaStoragePrefix}incoming/`;

/** A stored variant: its width and height, and its storage key (`media/{sha256}.webp`). */
export type StoredVariant = { width: number; height: number; key: string; bytes: number };

/** A picture stored and checked by the pipeline, ready to be recorded. */
export type StoredImage = {
  purpose: ImagePurpose;
  /** SHA-256 of the uploaded bytes: the same upload twice is the same media. */
  sourceSha256: string;
  sourceBytes: number;
  sourceFormat: "jpeg" | "png" | "webp";
  /** As shown (after EXIF orientation). */
  width: number;
  height: number;
  /** Smallest first. */
  variants: StoredVariant[];
};

export type ImageUploadRefusal =
  | ImageRefusal
  | "empty"
  | "too-large"
  | "no-file"
  | "error"
  | "aborted"
  | "malformed";

export type ImageUploadOutcome<Value> =
  | { ok: true; value: Value }
  | {
      ok: false;
      reason: ImageUploadRefusal;
      /** With "unsupported": what the file is, when its bytes say. */
      format?: RefusedFileFormat;
      /** With "too-many-pixels": the size the header declared. */
      width?: number;
      height?: number;
    };

export type StoreImageOptions<Value> = {
  purpose: ImagePurpose;
  accountId: string;
  /** The media already made from these bytes for this purpose, if any (then nothing is processed). */
  findExisting: (sourceSha256: string) => Promise<Value | null>;
  /**
   * Records the stored variants (one transaction). Never called once the client has gone. On failure
   * the variants no row references are deleted again (`isReferenced` says which are).
   */
  record: (image: StoredImage) => Promise<Value>;
  /** Whether some recorded media already holds this key (a variant is shared only by equal bytes). */
  isReferenced: (key: string) => Promise<boolean>;
};

/**
 * Stores one uploaded picture: the bytes stream through the header check (format by its signature,
 * pixels by its header: refused before the rest is stored), the size cap and the SHA-256 into a
 * temporary file; an upload already made for this purpose is answered with its media; otherwise the
 * worker makes the WebP variants, which are stored under their content hash and recorded. The
 * uploaded original is always deleted (it carries the EXIF and GPS the variants drop). On any refusal
 * nothing is left in storage or in the database.
 */
export async function storeImage<Value>(
  deps: UploadDependencies,
  file: Readable,
  context: ReceivedFileContext,
  options: StoreImageOptions<Value>,
): Promise<ImageUploadOutcome<Value>> {
  type Outcome = ImageUploadOutcome<Value>;
  const incomingKey = `${incomingPrefix}${crypto.randomUUID()}`;
  const sniffer = createImageSniffer();
  const meter = createMeteredStream(mediaLimits.maxBytes);
  file.on("error", (error) => sniffer.stream.destroy(error));
  sniffer.stream.on("error", (error) => meter.stream.destroy(error));
  meter.stream.on("error", () => {});
  const stored: string[] = [];
  const refuse = async (refusal: Exclude<Outcome, { ok: true }>): Promise<Outcome> => {
    // The rest of a refused file still has to be read for the form to finish.
    file.resume();
    for (const key of stored) {
      if (!(await options.isReferenced(key).catch(() => true))) {
        await deps.storage.delete(key).catch(() => {});
      }
    }
    return refusal;
  };

  try {
    try {
      await deps.storage.put(incomingKey, file.pipe(sniffer.stream).pipe(meter.stream), {
        contentType: "application/octet-stream",
      });
    } catch (error) {
      if (error instanceof ImageHeaderRefusal) {
        return refuse({ ok: false, reason: error.reason, ...error.details });
      }
      if (error instanceof FileTooLargeError) return refuse({ ok: false, reason: "too-large" });
      if (context.state.isAborted) return refuse({ ok: false, reason: "aborted" });
      deps.logger.error({ err: error }, "storing an uploaded picture failed");
      return refuse({ ok: false, reason: "error" });
    }
    const { size, sha256 } = meter.result();
    if (size === 0) return refuse({ ok: false, reason: "empty" });

    const existing = await options.findExisting(sha256);
    if (existing) return { ok: true, value: existing };

    const processed = await processImage(() => deps.storage.read(incomingKey), {
      purpose: options.purpose,
      owner: options.accountId,
      signal: context.signal,
    });
    if (!processed.ok) {
      if (processed.reason !== "damaged" && processed.reason !== "unsupported") {
        deps.logger.warn({ reason: processed.reason }, "picture refused");
      }
      return refuse(processed);
    }
    if (context.signal.aborted || context.state.isAborted) return clientGone();

    const variants: StoredVariant[] = [];
    for (const variant of processed.variants) {
      const hash = crypto.createHash("sha256").update(variant.bytes).digest("hex");
      const key = `${mediaStoragePrefix}${hash}.webp`;
      stored.push(key);
      await deps.storage.put(key, Readable.from([Buffer.from(variant.bytes)]), {
        contentType: "image/webp",
      });
      variants.push({
        width: variant.width,
        height: variant.height,
        key,
        bytes: variant.bytes.byteLength,
      });
    }
    if (context.signal.aborted) return clientGone();
    const value = await options.record({
      purpose: options.purpose,
      sourceSha256: sha256,
      sourceBytes: size,
      sourceFormat: processed.format,
      width: processed.width,
      height: processed.height,
      variants,
    });
    context.signal.addEventListener(
      "abort",
      () =>
        deps.logger.warn(
          { keys: variants.map((variant) => variant.key) },
          "a picture was recorded, but its connection closed before the answer was sent",
        ),
      { once: true },
    );
    return { ok: true, value };
  } catch (error) {
    if (context.signal.aborted) return clientGone();
    deps.logger.error({ err: error }, "processing an uploaded picture failed");
    return refuse({ ok: false, reason: "error" });
  } finally {
    await deps.storage.delete(incomingKey).catch(() => {});
  }

  function clientGone(): Promise<Outcome> {
    deps.logger.info("picture dropped: its connection closed before it was processed");
    return refuse({ ok: false, reason: "aborted" });
  }
}
