// Runs in a worker thread of the pool in inspect-pdf.server.ts, never on the main thread: pdf.js parses
// untrusted files, and a hostile one can spin or allocate for as long as it is allowed to. The pool gives
// this thread a heap limit and terminates it when its time is up. Plain JavaScript, so Node loads it as
// it is from the project folder in development, in Vitest and under the production build alike.
import { Buffer } from "node:buffer";
import { createInflate } from "node:zlib";
import { sanitisePdf } from "./sanitise-pdf.mjs";

// Imported dynamically, not statically: piscina loads this file with require() first, and Node 20's
// require() of an ES module fails midway on pdf.js's top-level await, leaving it unloadable by import().
// Started as the thread starts, and awaited before the file is asked for, so that loading pdf.js (about
// a second on a cold thread) does not count against the time limit of the first file.
const pdfjsLoading = import("pdfjs-dist/legacy/build/pdf.mjs");
pdfjsLoading.catch(() => {});

/**
 * @typedef {{ port: import("node:worker_threads").MessagePort; maxPages: number; maxTextChars: number; maxInflatedBytes: number; makeReviewerCopy?: boolean }} InspectionTask
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

/**
 * The streams of a PDF's raw bytes (as a latin1 string): the dictionary before each `stream` keyword and
 * where its data starts and ends. Streams are never inside object streams, so all are found here.
 */
function* rawStreams(text) {
  const streamKeyword = /stream\r?\n/g;
  for (let match = streamKeyword.exec(text); match; match = streamKeyword.exec(text)) {
    if (text.slice(match.index - 3, match.index) === "end") continue;
    const before = text.slice(Math.max(0, match.index - 1024), match.index);
    const opened = before.lastIndexOf("<<");
    const start = match.index + match[0].length;
    let end = text.indexOf("endstream", start);
    if (end < 0) end = text.length;
    yield { dictionary: opened >= 0 ? before.slice(opened) : before, start, end };
    streamKeyword.lastIndex = end;
  }
}

/**
 * Sums what every Flate stream that is not an image inflates to, stopping at `budget`. A content stream
 * that inflates to hundreds of MB (a flate bomb) would otherwise be decoded by pdf.js into one growing
 * buffer outside the heap limit. Images are skipped: text extraction never decodes them, and a blank
 * scanned page legitimately inflates a great deal. The scan works on the raw bytes, so it is only a first
 * line: the thread's time and heap limits still hold for anything it misses.
 */
async function inflatesBeyond(bytes, text, budget) {
  let total = 0;
  for (const { dictionary, start, end } of rawStreams(text)) {
    if (!dictionary.includes("/FlateDecode") || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    total += await inflatedSize(bytes.subarray(start, end), budget - total);
    if (total > budget) return true;
  }
  return false;
}

/** The file without its streams' data, in which binary bytes would match anything by chance. */
function withoutStreamData(text) {
  const parts = [];
  let from = 0;
  for (const { start, end } of rawStreams(text)) {
    parts.push(text.slice(from, start));
    from = end;
  }
  parts.push(text.slice(from));
  return parts.join("");
}

/** What `data` inflates to, counting chunks as they come and stopping past `limit` (never held whole). */
function inflatedSize(data, limit) {
  return new Promise((resolve) => {
    let size = 0;
    const inflate = createInflate();
    inflate.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    // A damaged or non-Flate stream is pdf.js's to judge; it counts what inflated before the error.
    inflate.on("error", () => resolve(size));
    inflate.on("end", () => resolve(size));
    inflate.end(data);
  });
}

/**
 * Scripts and interactive forms that an abstract does not need, looked for in the objects outside
 * streams (pdf.js also checks the document's script actions and XFA flag, which may be compressed).
 */
function findsActiveContent(latin1) {
  if (/\/(JavaScript|JS)\b/.test(latin1)) return "javascript";
  if (/\/XFA\b/.test(latin1)) return "xfa";
  // A PDF that browsers would also render as a page with script (a PDF/HTML polyglot).
  if (/<\s*(html|script)\b/i.test(latin1)) return "html";
  return null;
}

/** The Info dictionary's text fields the anonymity check reads, as the inspection reports them. */
const infoFields = /** @type {const} */ ([
  ["Title", "title"],
  ["Author", "author"],
  ["Subject", "subject"],
  ["Keywords", "keywords"],
  ["Creator", "creator"],
  ["Producer", "producer"],
]);

/**
 * Every metadata text the author may not know the file carries: the Info fields, and the XMP packet's
 * text (dc:creator, dc:title, pdf:Author and whatever else) with its markup removed.
 */
function metadataFields(info, xmp) {
  const fields = [];
  for (const [key, field] of infoFields) {
    const value = info[key];
    if (typeof value === "string" && value.trim())
      fields.push({ field, value: value.slice(0, 4096) });
  }
  const raw = typeof xmp?.getRaw === "function" ? xmp.getRaw() : "";
  if (typeof raw === "string" && raw.trim()) {
    const value = raw
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (value) fields.push({ field: "xmp", value: value.slice(0, 16_384) });
  }
  return fields;
}

/**
 * The sanitised copy for reviewers (sanitise-pdf.mjs), or null when pdf-lib cannot rewrite a file that
 * pdf.js accepted: the upload is then refused, since reviewers must never get the original instead.
 */
async function reviewerCopyOf(bytes) {
  try {
    return await sanitisePdf(bytes);
  } catch {
    return null;
  }
}

/** @param {InspectionTask} task */
export default async function inspect(task) {
  const { getDocument } = await pdfjsLoading;
  const bytes = await receiveBytes(task.port);
  task.port.close();
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 5)).toString(
    "latin1",
  );
  if (head !== "%PDF-") return { isValid: false, reason: "not-a-pdf" };
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .subarray(-1024)
    .toString("latin1");
  // A truncated upload lacks the end-of-file marker.
  if (!tail.includes("%%EOF")) return { isValid: false, reason: "damaged" };
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  if (findsActiveContent(withoutStreamData(raw)))
    return { isValid: false, reason: "active-content" };
  if (await inflatesBeyond(bytes, raw, task.maxInflatedBytes)) {
    return { isValid: false, reason: "too-complex" };
  }

  const loading = getDocument({
    // pdf.js may detach what it is given; the sanitiser reads the bytes afterwards.
    data: task.makeReviewerCopy ? bytes.slice() : bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    if (document.numPages > task.maxPages) {
      return { isValid: false, reason: "too-many-pages", pageCount: document.numPages };
    }
    // Objects inside compressed object streams are invisible to the raw scan; pdf.js sees them.
    const [jsActions, metadata] = await Promise.all([
      document.getJSActions().catch(() => null),
      document.getMetadata().catch(() => null),
    ]);
    const info = /** @type {Record<string, unknown>} */ (metadata?.info ?? {});
    if ((jsActions && Object.keys(jsActions).length) || info.IsXFAPresent) {
      return { isValid: false, reason: "active-content" };
    }
    const lines = [];
    let firstPageLines = 0;
    let length = 0;
    let isTextTruncated = false;
    for (let number = 1; number <= document.numPages && !isTextTruncated; number++) {
      const page = await document.getPage(number);
      // Streamed, so a page of endless text is dropped once enough has been read.
      const reader = page.streamTextContent().getReader();
      let line = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const item of value.items) {
          if (!("str" in item)) continue;
          line += item.str;
          if (item.hasEOL) {
            lines.push(line);
            length += line.length + 1;
            line = "";
          } else line += " ";
        }
        if (length + line.length > task.maxTextChars) {
          isTextTruncated = true;
          await reader.cancel(new Error("enough text for the checks"));
          break;
        }
      }
      if (line.trim()) lines.push(line);
      if (number === 1) firstPageLines = lines.length;
      page.cleanup();
    }
    const text = lines.join("\n").slice(0, task.maxTextChars);
    const reviewerCopy = task.makeReviewerCopy ? await reviewerCopyOf(bytes) : undefined;
    if (reviewerCopy === null) return { isValid: false, reason: "cannot-anonymise" };
    return {
      isValid: true,
      pageCount: document.numPages,
      text,
      firstPageText: lines.slice(0, firstPageLines).join("\n").slice(0, task.maxTextChars),
      author: typeof info.Author === "string" ? info.Author : "",
      metadata: metadataFields(info, metadata?.metadata),
      ...(reviewerCopy ? { reviewerCopy } : {}),
    };
  } catch (error) {
    if (error?.name === "PasswordException") return { isValid: false, reason: "encrypted" };
    return { isValid: false, reason: "damaged" };
  } finally {
    await loading.destroy();
  }
}
