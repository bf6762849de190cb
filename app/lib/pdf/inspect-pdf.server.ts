import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { FairQueue } from "./fair-queue";

export type PdfRefusal =
  | "not-a-pdf"
  | "damaged"
  /** Needs a password to open. */
  | "encrypted"
  /** JavaScript, an XFA form, or HTML with script: nothing an abstract needs, all risky to open. */
  | "active-content"
  /** More pages than `maxPages`. */
  | "too-many-pages"
  /** Inflates beyond reason, or ran out of its thread's time or memory. */
  | "too-complex"
  /** Every inspection thread is busy and the queue is full, or the file's turn did not come in time. */
  | "busy"
  /** pdf.js read it, but the reviewers' copy could not be written (so reviewers would get nothing). */
  | "cannot-anonymise";

/** Where a metadata text was found: an Info dictionary field, or the XMP packet. */
export type PdfMetadataField =
  | "title"
  | "author"
  | "subject"
  | "keywords"
  | "creator"
  | "producer"
  | "xmp";

export type PdfInspection =
  | {
      isValid: true;
      pageCount: number;
      text: string;
      /** The first page's part of `text`, where a name most often stands. */
      firstPageText: string;
      author: string;
      /** Every non-empty metadata text, for the anonymity check. */
      metadata: { field: PdfMetadataField; value: string }[];
      /** With `makeReviewerCopy`: the file rewritten without metadata, annotations or attachments. */
      reviewerCopy?: Uint8Array;
    }
  | { isValid: false; reason: PdfRefusal; pageCount?: number };

/**
 * Bounds of one inspection. Each HTTP worker process has a pool of its own, so threads are few; the queue
 * is bounded so that a flood of uploads is refused rather than waiting for ever, and shared round-robin
 * between accounts (`FairQueue`). The longest an upload waits between its last byte and its answer is
 * `maxWaitMs` + a thread's start (about 1-2 s after a thread was stopped) + `timeMs` + recording: about
 * 22 s, under the connection's 30 s idle timeout (server/http-limits.ts), so the answer always has a
 * connection to go to.
 */
export const pdfInspectionLimits = {
  threads: 1,
  queue: 16,
  /** How long a file may wait for a thread before it is answered "busy". */
  maxWaitMs: 15_000,
  /** From the moment a thread takes the file; a normal abstract takes well under a second. */
  timeMs: 5_000,
  heapMegabytes: 192,
  /** Text kept for the checks: about a hundred pages of prose, far beyond an abstract. */
  maxTextChars: 256 * 1024,
  /** What all non-image Flate streams may inflate to together. */
  maxInflatedBytes: 64 * 1024 * 1024,
};

/**
 * The worker is a plain .mjs file in the project folder, found from here by walking up to package.json:
 * this module runs from app/lib/pdf in development and Vitest, and from build/server/index.js in
 * production, where Vite has bundled it but not the worker.
 */
export function projectFile(relativePath: string): string {
  // Vite's module runner (npm run dev) may not set import.meta.dirname; the URL is always there.
  let folder = import.meta.dirname ?? path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(folder, "package.json"))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error("inspection pool: project folder not found");
    folder = parent;
  }
  return path.join(folder, relativePath);
}

let pool: Piscina | undefined;
/**
 * Admission to the pool. Files are handed to piscina only when a thread is free, so its own queue stays
 * empty: the order, the bound and the cancellation of waiting files are all this queue's.
 */
const queue = new FairQueue(() => ({
  running: pdfInspectionLimits.threads,
  waiting: pdfInspectionLimits.queue,
  maxWaitMs: pdfInspectionLimits.maxWaitMs,
}));

/** Inspections waiting and running in this process, for tests and logs. */
export function inspectionLoad(): { running: number; waiting: number } {
  return { running: queue.running, waiting: queue.waiting };
}

/** Started on first use, so scripts that import this module without inspecting start no threads. */
function inspectionPool(): Piscina {
  pool ??= new Piscina({
    filename: projectFile("app/lib/pdf/inspect-pdf.worker.mjs"),
    // One thread stays warm once started (pdf.js loads in about a second); more start under load.
    minThreads: 1,
    maxThreads: pdfInspectionLimits.threads,
    maxQueue: pdfInspectionLimits.queue,
    idleTimeout: 60_000,
    resourceLimits: {
      maxOldGenerationSizeMb: pdfInspectionLimits.heapMegabytes,
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
    },
  });
  return pool;
}

export type InspectionOptions = {
  maxPages: number;
  /** Whose file it is (an account id): files wait in turn per owner. */
  owner?: string;
  /** Also write the reviewers' copy (pages only, no metadata; see sanitise-pdf.mjs). */
  makeReviewerCopy?: boolean;
  /**
   * Aborts when nobody waits for the answer any more (the upload's connection closed): a waiting file
   * leaves the queue, a running one has its thread stopped, and `inspectPdf` rejects with the reason.
   */
  signal?: AbortSignal;
};

/**
 * Checks that a file is a complete PDF that opens without a password, has no scripts or XFA form and at
 * most `maxPages` pages, and reads its page count, text (bounded), first page and metadata texts; with
 * `makeReviewerCopy`, the same task also writes the reviewers' copy (sanitise-pdf.mjs), so it shares the
 * thread's time and heap limits. pdf.js runs in a pool
 * thread with a heap limit and is stopped after `pdfInspectionLimits.timeMs`; the file is read only once
 * a thread is free, so queued uploads hold no file in memory.
 */
export async function inspectPdf(
  readBytes: () => Promise<Buffer>,
  options: InspectionOptions = { maxPages: 1_000 },
): Promise<PdfInspection> {
  const answer = await runInInspectionThread<PdfInspection>({
    task: {
      maxPages: options.maxPages,
      makeReviewerCopy: options.makeReviewerCopy ?? false,
      maxTextChars: pdfInspectionLimits.maxTextChars,
      maxInflatedBytes: pdfInspectionLimits.maxInflatedBytes,
    },
    readBytes,
    owner: options.owner,
    signal: options.signal,
  });
  return answer.status === "done" ? answer.value : { isValid: false, reason: answer.status };
}

/** What a task in the inspection pool came to: its worker's answer, or why there is none. */
export type ThreadAnswer<Value> =
  | { status: "done"; value: Value }
  /** The queue was full, or the task's turn did not come within `maxWaitMs`. */
  | { status: "busy" }
  /** The thread ran out of time (`timeMs`) or memory on it, and was stopped. */
  | { status: "too-complex" };

/**
 * Runs one task of untrusted bytes in the inspection pool, under all of its bounds: admission through
 * the fair queue (per owner, at most `maxWaitMs` of waiting), the bytes read only once a thread takes
 * the task, the thread's heap limit, and `timeMs` from then (the thread is stopped). `filename` is the
 * worker module (the PDF inspection's by default; the picture processing of `lib/media` is another):
 * every kind of task shares the one thread and the one queue, so a process never runs more than one at
 * once. The worker's default export receives `task` with a `port` to ask for the bytes on
 * (`receiveBytes` in inspect-pdf.worker.mjs). Rejects with the signal's reason when `signal` aborts.
 */
export async function runInInspectionThread<Value>(options: {
  task: Record<string, unknown>;
  readBytes: () => Promise<Buffer>;
  filename?: string;
  owner?: string;
  signal?: AbortSignal;
}): Promise<ThreadAnswer<Value>> {
  const { signal, readBytes } = options;
  const admission = await queue.admit(options.owner ?? "", signal);
  if (!admission.admitted) {
    if (admission.reason === "aborted") throw abortReason(signal);
    return { status: "busy" };
  }
  const { port1, port2 } = new MessageChannel();
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // The thread asks for the file when it starts the task; the time limit counts from then.
  port1.once("message", () => {
    timer = setTimeout(() => deadline.abort(), pdfInspectionLimits.timeMs);
    readBytes().then(
      (bytes) => {
        // The thread takes the bytes without a copy when the Buffer owns its memory alone.
        const own =
          bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
            ? (bytes.buffer as ArrayBuffer)
            : new Uint8Array(bytes).buffer;
        port1.postMessage({ bytes: own }, [own]);
      },
      (error: unknown) => port1.postMessage({ error: String(error) }),
    );
  });
  try {
    const value = (await inspectionPool().run(
      { ...options.task, port: port2 },
      {
        transferList: [port2],
        signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal,
        ...(options.filename ? { filename: options.filename } : {}),
      },
    )) as Value;
    return { status: "done", value };
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    // Aborted at the time limit, or the thread died at its heap limit: either way the file is too
    // costly to check. (A failure to read the file is rethrown: that is the server's fault.)
    if (deadline.signal.aborted || isResourceExhaustion(error)) return { status: "too-complex" };
    throw error;
  } finally {
    admission.release();
    clearTimeout(timer);
    port1.close();
  }
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The inspection was cancelled", "AbortError");
}

function isResourceExhaustion(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    code === "ERR_WORKER_OUT_OF_MEMORY" ||
    (error instanceof RangeError && /stack/i.test(error.message))
  );
}
