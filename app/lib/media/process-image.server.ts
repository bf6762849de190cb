import { projectFile, runInInspectionThread } from "~/lib/pdf/inspect-pdf.server";
import { type ImagePurpose, mediaLimits, purposeRules } from "./media-limits";

export type ImageRefusal =
  /** Not a JPEG, PNG or WebP by its bytes (see `refusedFormat` for what it is, when known). */
  | "unsupported"
  /** Truncated, corrupt, or not a picture at all though it starts like one. */
  | "damaged"
  /** More pixels, or a longer side, than `mediaLimits` allows (a decompression bomb, or too big). */
  | "too-many-pixels"
  /** Ran out of its thread's time or memory. */
  | "too-complex"
  /** Every thread is busy and the queue is full, or the file's turn did not come in time. */
  | "busy";

export type ImageVariant = { width: number; height: number; bytes: Uint8Array };

export type ProcessedImage =
  | {
      ok: true;
      format: "jpeg" | "png" | "webp";
      /** The picture's size as shown (after its EXIF orientation). */
      width: number;
      height: number;
      /** WebP, without any metadata, smallest first. */
      variants: ImageVariant[];
    }
  | { ok: false; reason: ImageRefusal; width?: number; height?: number };

let isSharpLoaded = false;

/**
 * Loads sharp's native library in the main thread too, once, so that it stays loaded for the process's
 * life: a thread stopped at its limits would otherwise unload libvips' libraries, and the next thread's
 * sharp could not register its types again (sharp's documentation on worker threads).
 */
async function keepSharpLoaded() {
  if (isSharpLoaded) return;
  await import("sharp");
  isSharpLoaded = true;
}

/**
 * Turns an uploaded picture into the purpose's WebP variants, in the inspection pool's thread under its
 * bounds (fair queue per `owner`, bytes read only once a thread is free, heap and time limits): EXIF
 * orientation applied, then every piece of metadata dropped; never wider than the picture itself.
 * Rejects with the signal's reason when `signal` aborts (the uploader has gone).
 */
export async function processImage(
  readBytes: () => Promise<Buffer>,
  options: { purpose: ImagePurpose; owner?: string; signal?: AbortSignal },
): Promise<ProcessedImage> {
  await keepSharpLoaded();
  const rule = purposeRules[options.purpose];
  const answer = await runInInspectionThread<ProcessedImage>({
    filename: projectFile("app/lib/media/process-image.worker.mjs"),
    task: {
      widths: [...rule.widths],
      isSquare: rule.isSquare,
      maxPixels: mediaLimits.maxPixels,
      maxSide: mediaLimits.maxSide,
      webp: mediaLimits.webp,
      timeoutSeconds: mediaLimits.sharpTimeoutSeconds,
    },
    readBytes,
    owner: options.owner,
    signal: options.signal,
  });
  return answer.status === "done" ? answer.value : { ok: false, reason: answer.status };
}
