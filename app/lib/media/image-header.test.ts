import { describe, expect, it } from "vitest";
import { makePhoto, pngHeaderBomb } from "../../../tests/support/image-fixtures";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { readDeclaredSize, sniffFileSignature } from "./image-header";

const text = (value: string) => new Uint8Array(Buffer.from(value.padEnd(80, " ")));

describe("recognising a file by its bytes", () => {
  it("accepts the three picture formats sharp writes, and reads their declared size", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const bytes = await makePhoto({ format, width: 640, height: 427 });
      expect(sniffFileSignature(bytes, true)).toEqual({ kind: "image", format });
      expect(readDeclaredSize(format, bytes)).toEqual({ status: "found", width: 640, height: 427 });
    }
  });

  it("reads a lossless WebP's and a JPEG-with-EXIF's size from the header", async () => {
    const sharp = (await import("sharp")).default;
    const lossless = await sharp(await makePhoto({ width: 300, height: 200 }))
      .webp({ lossless: true })
      .toBuffer();
    expect(readDeclaredSize("webp", lossless)).toEqual({
      status: "found",
      width: 300,
      height: 200,
    });
    const withExif = await makePhoto({ withGps: true, width: 500, height: 300 });
    expect(readDeclaredSize("jpeg", withExif)).toEqual({
      status: "found",
      width: 500,
      height: 300,
    });
  });

  it("names what it refuses: a PDF, an SVG, a GIF, a HEIC, a web page", async () => {
    expect(sniffFileSignature(await makeAbstractPdf(), true)).toEqual({
      kind: "refused",
      format: "pdf",
    });
    expect(sniffFileSignature(text('<svg xmlns="http://www.w3.org/2000/svg">'), true)).toEqual({
      kind: "refused",
      format: "svg",
    });
    expect(
      sniffFileSignature(text('\ufeff  <?xml version="1.0"?>\n<svg width="10">'), true),
    ).toEqual({ kind: "refused", format: "svg" });
    expect(sniffFileSignature(text("GIF89a"), true)).toEqual({ kind: "refused", format: "gif" });
    const heic = Buffer.alloc(80);
    heic.write("\0\0\0\x18ftypheic", "latin1");
    expect(sniffFileSignature(heic, true)).toEqual({ kind: "refused", format: "heic" });
    expect(sniffFileSignature(text("<!DOCTYPE html><script>"), true)).toEqual({
      kind: "refused",
      format: "html",
    });
    expect(sniffFileSignature(text("just some text"), true)).toEqual({ kind: "unknown" });
  });

  it("waits for enough bytes before deciding", () => {
    expect(sniffFileSignature(new Uint8Array([0xff, 0xd8]), false)).toEqual({ kind: "undecided" });
  });

  it("reads the 12,000 x 12,000 a header bomb declares, and calls a broken header damaged", async () => {
    const bomb = await pngHeaderBomb();
    expect(readDeclaredSize("png", bomb)).toEqual({
      status: "found",
      width: 12_000,
      height: 12_000,
    });
    const broken = Buffer.from(bomb);
    broken.write("XXXX", 12, "latin1");
    expect(readDeclaredSize("png", broken)).toEqual({ status: "damaged" });
    expect(readDeclaredSize("jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toEqual({
      status: "need-more",
    });
  });
});
