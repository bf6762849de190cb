import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { makePhoto, pngHeaderBomb } from "../../../tests/support/image-fixtures";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { createImageSniffer, ImageHeaderRefusal } from "./image-sniffer";

/** Streams `bytes` through the sniffer in 16 KB chunks; says how many bytes got through, or the error. */
async function sniff(bytes: Buffer) {
  const sniffer = createImageSniffer();
  let passed = 0;
  const chunks = Array.from({ length: Math.ceil(bytes.length / 16_384) }, (_, index) =>
    bytes.subarray(index * 16_384, (index + 1) * 16_384),
  );
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      passed += chunk.length;
      callback();
    },
  });
  try {
    await pipeline(Readable.from(chunks), sniffer.stream, sink);
    return { passed, ...sniffer.result() };
  } catch (error) {
    return { passed, error };
  }
}

describe("checking a picture while it streams", () => {
  it("passes a JPEG through whole and reports its declared size", async () => {
    const photo = await makePhoto({ width: 1200, height: 800, withGps: true });
    expect(await sniff(photo)).toEqual({
      passed: photo.length,
      format: "jpeg",
      declared: { width: 1200, height: 800 },
    });
  });

  it("stops a PDF and a 12,000 x 12,000 PNG at their first chunk: the rest is never stored", async () => {
    const pdf = Buffer.concat([await makeAbstractPdf(), Buffer.alloc(1024 * 1024)]);
    const refusedPdf = await sniff(pdf);
    expect(refusedPdf.passed).toBe(0);
    expect(refusedPdf.error).toBeInstanceOf(ImageHeaderRefusal);
    expect(refusedPdf.error).toMatchObject({ reason: "unsupported", details: { format: "pdf" } });

    const bomb = Buffer.concat([await pngHeaderBomb(), Buffer.alloc(1024 * 1024)]);
    const refusedBomb = await sniff(bomb);
    expect(refusedBomb.passed).toBe(0);
    expect(refusedBomb.error).toMatchObject({
      reason: "too-many-pixels",
      details: { width: 12_000, height: 12_000 },
    });
  });

  it("calls a picture that ends inside its header damaged", async () => {
    const photo = await makePhoto({ format: "png" });
    expect((await sniff(photo.subarray(0, 20))).error).toMatchObject({ reason: "damaged" });
  });
});
