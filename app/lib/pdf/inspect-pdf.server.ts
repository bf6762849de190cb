export type PdfInspection =
  | { isValid: true; pageCount: number; text: string; author: string }
  | { isValid: false; reason: "not-a-pdf" | "damaged" };

let concurrent = 0;
const waiting: (() => void)[] = [];
/** PDF parsing holds the whole file and its text in memory: at most two at a time per process. */
const maxConcurrent = 2;

async function withParsingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (concurrent >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
  concurrent++;
  try {
    return await work();
  } finally {
    concurrent--;
    waiting.shift()?.();
  }
}

/**
 * Checks that a file is a complete PDF and reads its page count, text and author. The signature
 * (`%PDF-`) and the end-of-file marker (`%%EOF`, which a truncated upload lacks) are checked first; then
 * pdf.js must open the document, with eval off and no fonts loaded.
 */
export async function inspectPdf(readBytes: () => Promise<Buffer>): Promise<PdfInspection> {
  // The file is read inside the slot, so at most two are in memory at once however many arrive.
  return withParsingSlot(async () => {
    const bytes = await readBytes();
    if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
      return { isValid: false as const, reason: "not-a-pdf" as const };
    }
    if (!bytes.subarray(-1024).toString("latin1").includes("%%EOF")) {
      return { isValid: false as const, reason: "damaged" as const };
    }
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const task = getDocument({
      // A view of the file's bytes, not a copy (pdf.js refuses a Buffer itself).
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: true,
      verbosity: 0,
    });
    try {
      const document = await task.promise;
      const lines: string[] = [];
      for (let number = 1; number <= document.numPages; number++) {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        let line = "";
        for (const item of content.items) {
          if (!("str" in item)) continue;
          line += item.str;
          if (item.hasEOL) {
            lines.push(line);
            line = "";
          } else line += " ";
        }
        if (line.trim()) lines.push(line);
        page.cleanup();
      }
      const metadata = await document.getMetadata().catch(() => null);
      const info = (metadata?.info ?? {}) as { Author?: unknown };
      return {
        isValid: true as const,
        pageCount: document.numPages,
        text: lines.join("\n"),
        author: typeof info.Author === "string" ? info.Author : "",
      };
    } catch {
      return { isValid: false as const, reason: "damaged" as const };
    } finally {
      await task.destroy();
    }
  });
}
