import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makePhoto, pngHeaderBomb, pngRealBomb } from "../../../tests/support/image-fixtures";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { inspectionLoad, inspectPdf } from "../pdf/inspect-pdf.server";
import { processImage } from "./process-image.server";

// Each call hands its own copy to the thread (the Buffer is transferred).
const run = (bytes: Buffer, purpose: Parameters<typeof processImage>[1]["purpose"] = "photo") =>
  processImage(async () => Buffer.from(bytes), { purpose });

describe("processing a picture in the worker pool", () => {
  it("makes the purpose's widths, never wider than the picture, in WebP", async () => {
    const photo = await run(await makePhoto({ width: 1600, height: 1000 }), "carousel");
    expect(photo.ok && photo.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 300],
      [800, 500],
      [1200, 750],
      [1600, 1000],
    ]);
    const small = await run(await makePhoto({ width: 1000, height: 700 }), "photo");
    expect(small.ok && small.variants.map((variant) => variant.width)).toEqual([480, 800]);
    // Narrower than every width: one variant at its own width, not upscaled.
    const tiny = await run(await makePhoto({ width: 320, height: 200 }), "photo");
    expect(tiny.ok && tiny.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [320, 200],
    ]);
    if (!photo.ok) return;
    for (const variant of photo.variants) {
      expect((await sharp(variant.bytes).metadata()).format).toBe("webp");
    }
  }, 30_000);

  it("crops portraits to squares at 200 and 400 px", async () => {
    const portrait = await run(
      await makePhoto({ width: 900, height: 1400, format: "png" }),
      "portrait",
    );
    expect(
      portrait.ok && portrait.variants.map((variant) => [variant.width, variant.height]),
    ).toEqual([
      [200, 200],
      [400, 400],
    ]);
    const schedule = await run(await makePhoto({ width: 1400, height: 1800 }), "document-image");
    expect(schedule.ok && schedule.variants.map((variant) => variant.width)).toEqual([
      600, 1000, 1400,
    ]);
  }, 30_000);

  it("turns the picture as its EXIF orientation says, then drops EXIF, GPS, XMP and ICC", async () => {
    const phone = await makePhoto({ width: 1600, height: 1000, withGps: true, orientation: 6 });
    const original = await sharp(phone).metadata();
    // The fixture really carries what a phone writes.
    expect(original.exif?.toString("latin1")).toContain("PhoneMaker");
    expect(original.orientation).toBe(6);
    const result = await run(phone, "photo");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Turned a quarter: 1000 wide, 1600 high; 1200 is wider than the picture.
    expect([result.width, result.height]).toEqual([1000, 1600]);
    expect(result.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 768],
      [800, 1280],
    ]);
    for (const variant of result.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(Buffer.from(variant.bytes).toString("latin1")).not.toMatch(
        /PhoneMaker|Jane Student|GPS/,
      );
    }
  }, 30_000);

  it("refuses a declared 12,000 x 12,000 PNG from its header, and a real one, without decoding", async () => {
    const started = performance.now();
    expect(await run(await pngHeaderBomb())).toEqual({
      ok: false,
      reason: "too-many-pixels",
      width: 12_000,
      height: 12_000,
    });
    expect(await run(await pngRealBomb())).toMatchObject({ ok: false, reason: "too-many-pixels" });
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it("refuses truncated and corrupt pictures, and files that are not pictures", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const whole = await makePhoto({ format, width: 1200, height: 900 });
      expect(await run(whole.subarray(0, Math.floor(whole.length / 2))), format).toMatchObject({
        ok: false,
        reason: "damaged",
      });
      const corrupt = Buffer.from(whole);
      corrupt.fill(0x55, 200, corrupt.length - 10);
      expect(await run(corrupt), `corrupt ${format}`).toMatchObject({ ok: false });
    }
    expect(await run(await makeAbstractPdf())).toMatchObject({ ok: false });
    // The pool still works afterwards.
    expect((await run(await makePhoto())).ok).toBe(true);
  }, 60_000);

  it("shares the one inspection thread and its queue with the PDF checks", async () => {
    const photo = await makePhoto({ width: 1600, height: 1000 });
    const pdf = await makeAbstractPdf({ words: 50 });
    let mostRunning = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      const load = inspectionLoad();
      mostRunning = Math.max(mostRunning, load.running);
      mostWaiting = Math.max(mostWaiting, load.waiting);
    }, 5);
    try {
      const [first, inspection, second] = await Promise.all([
        processImage(async () => Buffer.from(photo), { purpose: "carousel", owner: "editor" }),
        inspectPdf(async () => Buffer.from(pdf), { maxPages: 5, owner: "author" }),
        processImage(async () => Buffer.from(photo), { purpose: "photo", owner: "editor" }),
      ]);
      expect([first.ok, inspection.isValid, second.ok]).toEqual([true, true, true]);
    } finally {
      clearInterval(sampler);
    }
    expect(mostRunning).toBe(1);
    expect(mostWaiting).toBeGreaterThan(0);
  }, 60_000);
});
