// The reviewers' copy of an abstract: the same pages, rewritten into a new file that carries nothing
// else. Runs in the inspection thread (inspect-pdf.worker.mjs), under its time and heap limits, after
// pdf.js has accepted the file. Plain JavaScript for the same reason as the worker.
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from "pdf-lib";

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
  for (const [, object] of copy.context.enumerateIndirectObjects()) {
    const dict =
      object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (!dict) continue;
    for (const key of objectEntriesDropped) dict.delete(PDFName.of(key));
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
