// Runs in the inspection pool's thread (lib/pdf/inspect-pdf.server.ts, `runInInspectionThread`), never
// on the main thread: libvips decodes untrusted pictures. The thread has a heap limit and is stopped at
// its time limit; libvips' own memory is outside the heap, so it is bounded here instead: the pixel
// limit checked from the header before decoding, sharp's `limitInputPixels` as a second guard, no
// operation cache, one libvips thread, one variant at a time, and sharp's timeout (libvips stops
// itself; a stopped thread would leave native work running to its end). Plain JavaScript, like the PDF
// worker, so it runs unchanged in development, Vitest and the production build.

// Imported dynamically, as the PDF worker imports pdf.js: piscina first require()s the worker module.
const sharpLoading = import("sharp").then(({ default: sharp }) => {
  // Both are process-wide libvips settings; the server's main thread never processes pictures.
  sharp.cache(false);
  sharp.concurrency(1);
  return sharp;
});
sharpLoading.catch(() => {});

/**
 * @typedef {{ port: import("node:worker_threads").MessagePort; widths: number[]; isSquare: boolean; maxPixels: number; maxSide: number; webp: { quality: number; effort: number }; timeoutSeconds: number }} ImageTask
 * @typedef {{ width: number; height: number; bytes: Uint8Array }} Variant
 */

/** Asks the main thread for the file (it reads it only now that a thread is free) and waits for it. */
function receiveBytes(port) {
  return new Promise((resolve, reject) => {
    port.once("message", (message) => {
      if (message.bytes) resolve(new Uint8Array(message.bytes));
      else reject(new Error(message.error ?? "the file could not be read"));
    });
    port.postMessage("ready");
  });
}

/** EXIF orientations 5-8 turn the picture a quarter: its width on the page is its stored height. */
function orientedSize(metadata) {
  const turned = (metadata.orientation ?? 1) >= 5;
  return turned
    ? { width: metadata.height, height: metadata.width }
    : { width: metadata.width, height: metadata.height };
}

/** The widths to make: those the purpose uses up to the picture's own, at least one, never upscaled. */
function widthsFor(available, widths) {
  const fitting = widths.filter((width) => width <= available);
  return fitting.length ? fitting : [available];
}

/** @param {ImageTask} task */
export default async function processImage(task) {
  const sharp = await sharpLoading;
  const bytes = await receiveBytes(task.port);
  task.port.close();
  const input = {
    limitInputPixels: task.maxPixels,
    // Truncated or corrupt pixel data fails the decode instead of producing a grey half-picture.
    failOn: "warning",
    // Only the first frame of an animated WebP or PNG.
    pages: 1,
  };
  let metadata;
  try {
    // Reads the header only: nothing is decoded yet, so the pixel limit is checked here, below, with
    // a message that says what the limit is (limitInputPixels would throw a bare error instead).
    metadata = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "damaged" };
  }
  if (!["jpeg", "png", "webp"].includes(metadata.format)) {
    return { ok: false, reason: "unsupported", format: metadata.format };
  }
  const { width, height } = orientedSize(metadata);
  if (!width || !height) return { ok: false, reason: "damaged" };
  if (width * height > task.maxPixels || width > task.maxSide || height > task.maxSide) {
    return { ok: false, reason: "too-many-pixels", width, height };
  }

  const side = Math.min(width, height);
  const targets = widthsFor(task.isSquare ? side : width, task.widths);
  const largest = /** @type {number} */ (targets.at(-1));
  /** @type {Variant[]} */
  const variants = [];
  try {
    // The one full decode: the picture turned as the camera's EXIF orientation says, cropped for a
    // portrait, and shrunk to the largest width made (a JPEG is shrunk while it is decoded). The
    // smaller variants come from these pixels, not from decoding the upload again.
    const base = await sharp(bytes, input)
      .timeout({ seconds: task.timeoutSeconds })
      .autoOrient()
      .resize(
        task.isSquare
          ? { width: largest, height: largest, fit: "cover", position: sharp.strategy.attention }
          : { width: largest, withoutEnlargement: true },
      )
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = { raw: base.info };
    for (const target of targets) {
      const { data, info } = await sharp(base.data, pixels)
        .timeout({ seconds: task.timeoutSeconds })
        .resize({ width: target, withoutEnlargement: true })
        // Output keeps no metadata (EXIF, GPS, XMP, ICC): sharp converts to sRGB and strips it all
        // unless asked to keep it, and nothing here asks.
        .webp(task.webp)
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: new Uint8Array(data) });
    }
  } catch (error) {
    if (/timeout/i.test(String(error?.message))) return { ok: false, reason: "too-complex" };
    return { ok: false, reason: "damaged" };
  }
  return { ok: true, format: metadata.format, width, height, variants };
}
