import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  makeIdentifyingPdf,
  pdfjsView,
  readableText,
} from "../../../tests/support/identifying-pdf";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { sanitisePdf, withoutJpegMetadata } from "./sanitise-pdf.mjs";

const people = {
  author: "Beatriz Submitter",
  coauthor: "Chidi Coauthor",
  email: "beatriz@example.org",
  affiliation: "Universidad de Ejemplo",
  creatorName: "Dagny Creator",
  annotationName: "Emeka Annotator",
  attachmentName: "Farida Attacher",
  earlierRevisionName: "Gunnhild Earlier",
};
const forbidden = Object.values(people);

describe("sanitisePdf", () => {
  it("keeps the pages and drops every other place a name can hide", async () => {
    const original = await makeIdentifyingPdf({
      ...people,
      pageText: "Body text about evidentials",
    });
    // The fixture really hides each name where the sanitiser must look (or this test proves nothing).
    const before = `${readableText(original)}\n${await pdfjsView(original)}`;
    for (const name of forbidden) expect(before).toContain(name);

    const copy = await sanitisePdf(original);
    const after = `${readableText(copy)}\n${await pdfjsView(copy)}`;
    for (const name of forbidden) expect(after).not.toContain(name);
    expect(after).toContain("Body text about evidentials");
    expect(after).toContain("word79");
    const raw = Buffer.from(copy).toString("latin1");
    // One revision, no Info dictionary, no catalog entries beyond the pages.
    expect(raw.match(/%%EOF/g)).toHaveLength(1);
    expect(raw).not.toMatch(/\/(Info|Metadata|Annots|EmbeddedFiles|OpenAction|AA|JavaScript)\b/);
  });

  it("drops a photo's EXIF, XMP and comments and a layer's name, and keeps the photo", async () => {
    const photo = jpegWith({ exif: "Artist\0Hannelore Photographer", comment: "Ilse Commenter" });
    const document = await PDFDocument.create();
    const page = document.addPage([200, 200]);
    // A copy: embedJpg reads the whole ArrayBuffer, and a small Buffer shares a pooled one.
    page.drawImage(await document.embedJpg(new Uint8Array(photo)), {
      x: 10,
      y: 10,
      width: 50,
      height: 50,
    });
    const layer = document.context.register(
      document.context.obj({ Type: "OCG", Name: PDFString.of("Jonas Layer") }),
    );
    page.node.Resources()?.set(PDFName.of("Properties"), document.context.obj({ OC1: layer }));
    const original = await document.save({ useObjectStreams: false });
    const names = ["Hannelore Photographer", "Ilse Commenter", "Jonas Layer"];
    for (const name of names) expect(readableText(original)).toContain(name);

    const copy = await sanitisePdf(original);
    for (const name of names) expect(readableText(copy)).not.toContain(name);
    const raw = Buffer.from(copy).toString("latin1");
    // The image itself is still there: its frame header and compressed data.
    expect(raw).toContain(Buffer.from(jpegFrame).toString("latin1"));
    expect(readableText(copy)).toContain("/Name (Layer 1)");
  });

  it("leaves a JPEG without metadata, or bytes that are not a JPEG, as they are", () => {
    const plain = jpegWith({});
    expect(withoutJpegMetadata(plain)).toBe(plain);
    const notJpeg = Buffer.from("not a jpeg at all");
    expect(withoutJpegMetadata(notJpeg)).toBe(notJpeg);
    const cut = jpegWith({ exif: "Hannelore" }).subarray(0, 8);
    expect(withoutJpegMetadata(cut)).toBe(cut);
  });

  it("keeps a plain abstract's text", async () => {
    const copy = await sanitisePdf(await makeAbstractPdf({ words: 30 }));
    expect(await pdfjsView(copy)).toContain("Saussure");
  });

  it("throws on bytes pdf-lib cannot read", async () => {
    await expect(sanitisePdf(Buffer.from("%PDF-1.7\nnot really\n%%EOF"))).rejects.toThrow();
  });
});

/** A baseline frame header: 8 bits, 1 × 1 pixels, one component (what embedJpg reads). */
const jpegFrame = Buffer.from([
  0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00,
]);

/** A minimal JPEG file, with an APP1 (EXIF) and a comment segment when asked. */
function jpegWith(metadata: { exif?: string; comment?: string }): Buffer {
  const segment = (marker: number, body: string) => {
    const bytes = Buffer.from(body, "latin1");
    return Buffer.concat([
      Buffer.from([0xff, marker, (bytes.length + 2) >> 8, (bytes.length + 2) & 0xff]),
      bytes,
    ]);
  };
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, "JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
    metadata.exif ? segment(0xe1, `Exif\0\0${metadata.exif}`) : Buffer.alloc(0),
    metadata.comment ? segment(0xfe, metadata.comment) : Buffer.alloc(0),
    jpegFrame,
    Buffer.from([
      0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0xd9,
    ]),
  ]);
}
