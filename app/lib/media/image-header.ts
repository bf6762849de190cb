/**
 * What a file is, judged by its first bytes (never by its name or the type the browser declared), and
 * for the three picture formats the site accepts, how many pixels it declares, read from its header
 * before anything decodes it. Pure functions of the bytes: used while an upload streams (so a PDF or a
 * decompression bomb is refused before the rest of it is stored) and by the tests.
 */

export type AcceptedImageFormat = "jpeg" | "png" | "webp";

/** Formats recognised only to name them in the refusal. */
export type RefusedFileFormat =
  | "pdf"
  | "svg"
  | "gif"
  | "heic"
  | "avif"
  | "tiff"
  | "bmp"
  | "zip"
  | "html";

export type FileSignature =
  | { kind: "image"; format: AcceptedImageFormat }
  | { kind: "refused"; format: RefusedFileFormat }
  /** Not enough bytes yet to tell. */
  | { kind: "undecided" }
  | { kind: "unknown" };

/** Bytes enough to recognise every signature below. */
export const signatureBytes = 64;

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  if (head.length < at + bytes.length) return false;
  return bytes.every((byte, index) => head[at + index] === byte);
}

function ascii(head: Uint8Array, from: number, to: number): string {
  return Buffer.from(head.buffer, head.byteOffset, head.length).toString("latin1", from, to);
}

/** Recognises the file from its first bytes (at least `signatureBytes` of them, or the whole file). */
export function sniffFileSignature(head: Uint8Array, isComplete: boolean): FileSignature {
  if (!isComplete && head.length < signatureBytes) return { kind: "undecided" };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: "image", format: "jpeg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: "image", format: "png" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") {
    return { kind: "image", format: "webp" };
  }
  if (ascii(head, 0, 5) === "%PDF-") return { kind: "refused", format: "pdf" };
  if (ascii(head, 0, 4) === "GIF8") return { kind: "refused", format: "gif" };
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return { kind: "refused", format: "avif" };
    // heic, heix, hevc, mif1, msf1: what phones save as "HEIF/HEIC".
    return { kind: "refused", format: "heic" };
  }
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { kind: "refused", format: "tiff" };
  }
  if (ascii(head, 0, 2) === "BM") return { kind: "refused", format: "bmp" };
  if (ascii(head, 0, 4) === "PK\x03\x04") return { kind: "refused", format: "zip" };
  // Text formats may start with a byte-order mark and white space.
  const text = ascii(head, 0, head.length)
    .replace(/^\xef\xbb\xbf/, "")
    .trimStart()
    .toLowerCase();
  if (text.startsWith("<svg") || (text.startsWith("<?xml") && text.includes("<svg"))) {
    return { kind: "refused", format: "svg" };
  }
  // An XML prolog or comment whose root element comes later: an SVG more often than anything else.
  if (text.startsWith("<?xml") || text.startsWith("<!--"))
    return { kind: "refused", format: "svg" };
  if (text.startsWith("<!doctype html") || text.startsWith("<html")) {
    return { kind: "refused", format: "html" };
  }
  return { kind: "unknown" };
}

export type DeclaredSize =
  | { status: "found"; width: number; height: number }
  /** The header goes on past the bytes given. */
  | { status: "need-more" }
  | { status: "damaged" };

/** The width and height the picture's header declares, without decoding any pixel. */
export function readDeclaredSize(format: AcceptedImageFormat, head: Uint8Array): DeclaredSize {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.length);
  if (format === "png") return pngSize(bytes);
  if (format === "webp") return webpSize(bytes);
  return jpegSize(bytes);
}

function pngSize(bytes: Buffer): DeclaredSize {
  // The signature, then the IHDR chunk: length (4), "IHDR", width (4), height (4).
  if (bytes.length < 24) return { status: "need-more" };
  if (bytes.toString("latin1", 12, 16) !== "IHDR") return { status: "damaged" };
  return { status: "found", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function webpSize(bytes: Buffer): DeclaredSize {
  if (bytes.length < 30) return { status: "need-more" };
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8X") {
    // 24-bit canvas width and height, each minus one.
    return {
      status: "found",
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
    };
  }
  if (chunk === "VP8 ") {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a)
      return { status: "damaged" };
    return {
      status: "found",
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return { status: "damaged" };
    const bits = bytes.readUInt32LE(21);
    return { status: "found", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return { status: "damaged" };
}

/** Start-of-frame markers (baseline, progressive, lossless, ...), which carry the size. */
const startOfFrame = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(bytes: Buffer): DeclaredSize {
  // Segments follow the SOI marker: ff, marker, 2-byte length (including itself), data.
  let offset = 2;
  for (;;) {
    if (offset + 4 > bytes.length) return { status: "need-more" };
    if (bytes[offset] !== 0xff) return { status: "damaged" };
    const marker = bytes[offset + 1] as number;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset++;
      continue;
    }
    // Markers without a length (restart markers, TEM); the image data never starts before SOF.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { status: "damaged" };
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return { status: "damaged" };
    if (startOfFrame.has(marker)) {
      if (offset + 9 > bytes.length) return { status: "need-more" };
      return {
        status: "found",
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      };
    }
    offset += 2 + length;
  }
}
