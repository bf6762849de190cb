// The reviewers' copy of an abstract: the same pages, rewritten into a new file that carries nothing
// else. Runs in the inspection thread (inspect-pdf.worker.mjs), under its time and heap limits, after
// pdf.js has accepted the file. Plain JavaScript for the same reason as the worker.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from "pdf-lib";

/**
 * Page entries that are not needed to draw the page and can carry the author's words: annotations
 * (comments, links, file attachments), XMP, page actions, application data, article beads, thumbnails.
 */
const pageEntriesDropped = ["Annots", "Metadata", "AA", "PieceInfo", "B", "Thumb", "StructParents"];

/** Entries dropped from every object the pages reach (fonts, images, form XObjects). */
const objectEntriesDropped = ["Metadata", "PieceInfo", "AA"];

/**
 * A new PDF holding only the pages of `bytes`, drawn exactly as before. Nothing else comes along:
 * a new catalog (no document JavaScript, OpenAction, AA, names tree, attachments, outline, structure
 * tree or XMP) and no Info dictionary, and only the objects the pages reach, written once, so no earlier
 * revision of an incrementally updated file survives. Throws when pdf-lib cannot read the file.
 */
export async function sanitisePdf(bytes) {
  const source = await PDFDocument.load(bytes, {
    updateMetadata: false,
    throwOnInvalidObject: true,
  });
  for (const page of source.getPages()) {
    for (const key of pageEntriesDropped) page.node.delete(PDFName.of(key));
  }
  const copy = await PDFDocument.create({ updateMetadata: false });
  const pages = await copy.copyPages(source, source.getPageIndices());
  for (const page of pages) copy.addPage(page);
  let layers = 0;
  for (const [ref, object] of copy.context.enumerateIndirectObjects()) {
    const dict =
      object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    for (const key of objectEntriesDropped) dict.delete(PDFName.of(key));
    // A layer's name is shown by viewers' layer panels, and word processors name layers freely.
    if (dict.get(PDFName.of("Type")) === PDFName.of("OCG")) {
      layers++;
      dict.set(PDFName.of("Name"), PDFString.of(`Layer ${layers}`));
    }
    if (object instanceof PDFRawStream && isJpegOnly(dict)) {
      const stripped = withoutJpegMetadata(object.contents);
      if (stripped !== object.contents) copy.context.assign(ref, PDFRawStream.of(dict, stripped));
    }
  }
  // Objects a dropped entry pointed to are still in the context; writing only what the catalog reaches
  // leaves them out.
  dropUnreachable(copy);
  return copy.save({
    useObjectStreams: true,
    addDefaultPage: false,
    updateFieldAppearances: false,
  });
}

/** Removes every indirect object the catalog does not reach (pdf-lib writes all it holds). */
function dropUnreachable(document) {
  const { context } = document;
  const reached = new Set();
  const pending = [context.trailerInfo.Root];
  while (pending.length) {
    const value = pending.pop();
    if (!value) continue;
    if (value instanceof PDFRef) {
      const tag = value.tag;
      if (reached.has(tag)) continue;
      reached.add(tag);
      pending.push(context.lookup(value));
      continue;
    }
    const dict = value instanceof PDFDict ? value : value instanceof PDFStream ? value.dict : null;
    if (dict) {
      for (const [, entry] of dict.entries()) pending.push(entry);
      continue;
    }
    if (typeof value.asArray === "function") pending.push(...value.asArray());
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref.tag)) context.delete(ref);
  }
}

/** A stream stored as a JPEG file as it is (DCTDecode its only filter), so its bytes are a JPEG file. */
function isJpegOnly(dict) {
  const filter = dict.get(PDFName.of("Filter"));
  const only = filter instanceof PDFArray && filter.size() === 1 ? filter.get(0) : filter;
  return only === PDFName.of("DCTDecode");
}

/**
 * Markers a camera or editor fills with words and that drawing never needs: APP1 (EXIF: artist,
 * owner, device serial; and XMP), APP13 (IPTC/Photoshop: author, caption) and COM (comments). APP0,
 * APP2 (the ICC colour profile) and APP14 (Adobe's colour transform) change how the image looks: kept.
 */
const jpegMarkersDropped = new Set([0xe1, 0xed, 0xfe]);

/**
 * The JPEG without its metadata segments, or the same array when it has none or is not a JPEG this
 * reads (then it is left as it is: pdf.js drew it, and an unreadable file is not a safe one to cut).
 */
export function withoutJpegMetadata(bytes) {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bytes;
  const kept = [bytes.subarray(0, 2)];
  let offset = 2;
  let dropped = false;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return bytes;
    const marker = bytes[offset + 1];
    // Start of scan: the compressed image follows, to the end of the file, with no more headers to read.
    if (marker === 0xda) break;
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3];
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return bytes;
    if (jpegMarkersDropped.has(marker)) dropped = true;
    else kept.push(bytes.subarray(offset, end));
    offset = end;
  }
  if (!dropped) return bytes;
  kept.push(bytes.subarray(offset));
  return Buffer.concat(kept);
}
