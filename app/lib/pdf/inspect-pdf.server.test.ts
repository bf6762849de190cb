import { beforeAll, describe, expect, it } from "vitest";
import { type HostilePdf, hostilePdfs } from "../../../tests/support/hostile-pdfs";
import { makeAbstractPdf } from "../../../tests/support/pdf-fixtures";
import { inspectPdf, type PdfRefusal, pdfInspectionLimits } from "./inspect-pdf.server";

// What each hostile file must get; the route turns each refusal into a plain-language message.
const expected: Record<string, PdfRefusal | "accepted"> = {
  "flate bomb": "too-complex",
  "100,000 pages": "too-many-pages",
  "deeply nested arrays and dictionaries": "damaged",
  // pdf.js finds the stream's real end; the file is otherwise an ordinary one-page PDF.
  "a stream declaring a 2 GB /Length": "accepted",
  "password-protected": "encrypted",
  "JavaScript (/OpenAction /JS)": "active-content",
  "XFA form": "active-content",
  "PDF/HTML polyglot": "active-content",
};

let corpus: HostilePdf[];
beforeAll(async () => {
  corpus = await hostilePdfs();
}, 60_000);

// The inspected Buffer is handed to the thread, so each call gets a copy.
const inspect = (bytes: Buffer, maxPages = 20) =>
  inspectPdf(async () => Buffer.from(bytes), { maxPages });

describe("inspecting hostile PDFs", () => {
  it("answers each file of the corpus as expected, each within seconds", async () => {
    expect(corpus.map((file) => file.name).sort()).toEqual(Object.keys(expected).sort());
    for (const file of corpus) {
      const started = performance.now();
      const inspection = await inspect(file.bytes);
      const seconds = (performance.now() - started) / 1000;
      expect(
        { file: file.name, outcome: inspection.isValid ? "accepted" : inspection.reason },
        `${file.name} in ${seconds.toFixed(2)} s`,
      ).toEqual({ file: file.name, outcome: expected[file.name] });
      expect(seconds).toBeLessThan(10);
    }
    // The pool is still usable afterwards.
    const normal = await inspect(await makeAbstractPdf({ words: 50 }));
    expect(normal).toMatchObject({ isValid: true, pageCount: 1 });
  }, 120_000);

  it("stops a flate bomb at the thread's time limit even when the inflate scan is off", async () => {
    const bomb = corpus.find((file) => file.name === "flate bomb") as HostilePdf;
    const { maxInflatedBytes, timeMs } = pdfInspectionLimits;
    // Without the scan, pdf.js inflates ~400 MB and extracts its text: 4-5 s on these machines, close to
    // the real 5 s limit. A 500 ms limit makes the outcome independent of the machine's speed.
    pdfInspectionLimits.maxInflatedBytes = Number.MAX_SAFE_INTEGER;
    pdfInspectionLimits.timeMs = 500;
    try {
      const started = performance.now();
      const inspection = await inspect(bomb.bytes);
      expect(inspection).toEqual({ isValid: false, reason: "too-complex" });
      expect(performance.now() - started).toBeLessThan(pdfInspectionLimits.timeMs + 3_000);
    } finally {
      pdfInspectionLimits.maxInflatedBytes = maxInflatedBytes;
      pdfInspectionLimits.timeMs = timeMs;
    }
    expect(await inspect(await makeAbstractPdf())).toMatchObject({ isValid: true });
  }, 60_000);

  it("refuses more pages than allowed and counts them", async () => {
    const hundred = corpus.find((file) => file.name === "100,000 pages") as HostilePdf;
    expect(await inspect(hundred.bytes, 20)).toEqual({
      isValid: false,
      reason: "too-many-pages",
      pageCount: 100_000,
    });
    expect(await inspect(await makeAbstractPdf(), 1)).toMatchObject({ isValid: true });
    expect(await inspect(await makeAbstractPdf(), 0)).toMatchObject({
      isValid: false,
      reason: "too-many-pages",
    });
  });

  it("keeps at most the text limit of a huge text", async () => {
    const textLimit = pdfInspectionLimits.maxTextChars;
    pdfInspectionLimits.maxTextChars = 1_000;
    try {
      const inspection = await inspect(await makeAbstractPdf({ words: 2_000 }));
      expect(inspection.isValid).toBe(true);
      if (inspection.isValid) {
        expect(inspection.text.length).toBeLessThanOrEqual(1_000);
        expect(inspection.text.length).toBeGreaterThan(500);
      }
    } finally {
      pdfInspectionLimits.maxTextChars = textLimit;
    }
  }, 60_000);

  it("refuses a file that is not a PDF, and a truncated one", async () => {
    expect(await inspect(Buffer.from("hello"))).toEqual({ isValid: false, reason: "not-a-pdf" });
    const pdf = await makeAbstractPdf();
    expect(await inspect(pdf.subarray(0, pdf.length - 200))).toEqual({
      isValid: false,
      reason: "damaged",
    });
  });

  it("refuses clearly when every thread is busy and the queue is full", async () => {
    const pdf = await makeAbstractPdf();
    const total = pdfInspectionLimits.threads + pdfInspectionLimits.queue + 4;
    // Reads that never finish keep the threads busy until their time limit.
    const outcomes = await Promise.all(
      Array.from({ length: total }, () =>
        inspectPdf(
          () => new Promise<Buffer>((resolve) => setTimeout(() => resolve(Buffer.from(pdf)), 300)),
        ),
      ),
    );
    const busy = outcomes.filter((outcome) => !outcome.isValid && outcome.reason === "busy");
    expect(busy.length).toBeGreaterThanOrEqual(4);
    expect(outcomes.filter((outcome) => outcome.isValid).length).toBe(total - busy.length);
  }, 60_000);
});
