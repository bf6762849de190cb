import { Readable } from "node:stream";
import { inspectPdf } from "~/lib/pdf/inspect-pdf.server";
import { createMeteredStream, FileTooLargeError } from "~/lib/storage/metered-stream";
import type {
  PdfUploadOptions,
  PdfUploadOutcome,
  UploadDependencies,
  UploadRefusal,
} from "./pdf-upload";

/**
 * Stores one file part (through the metering stream: size cap, SHA-256, first bytes), checks it in the
 * PDF worker pool, and hands it to the caller's `record`. Any refusal or failure after the file is
 * stored deletes it again.
 *
 * A recorded upload is always answered, an unanswered one never recorded: `signal` aborts when the
 * connection closes before the answer is sent (server/router-handler.ts). The file's inspection is then
 * cancelled (taken out of the queue, or its thread stopped), and the one check right before `record`
 * keeps a file whose client has gone from being recorded. The moments after that check (the
 * transaction, then the answer's bytes) cannot be made atomic with the client's reading it; an answer
 * lost there keeps the recording and is logged (docs/decisions/0019).
 */
export async function storePdf<Value, Refusal extends string, Extra>(
  deps: UploadDependencies,
  file: Readable,
  options: PdfUploadOptions<Value, Refusal, Extra> & {
    fileName: string;
    fields: ReadonlyMap<string, string>;
    state: { isAborted: boolean };
    /** Aborts when nobody waits for the answer any more. */
    signal: AbortSignal;
  },
): Promise<PdfUploadOutcome<Value, Refusal, Extra>> {
  type Outcome = PdfUploadOutcome<Value, Refusal, Extra>;
  const { storageKey, reviewerStorageKey } = options;
  const meter = createMeteredStream(options.maxBytes);
  file.on("error", (error) => meter.stream.destroy(error));
  // The meter can fail (too large) before the storage driver starts reading; the driver still sees the
  // error, from the stream's errored state, so this only keeps it from counting as unhandled.
  meter.stream.on("error", () => {});
  const refuse = async (reason: UploadRefusal | Refusal, pageCount?: number): Promise<Outcome> => {
    // The rest of an oversized or refused file still has to be read for the form to finish.
    file.resume();
    await deps.storage.delete(storageKey).catch(() => {});
    if (reviewerStorageKey) await deps.storage.delete(reviewerStorageKey).catch(() => {});
    return (
      pageCount === undefined ? { ok: false, reason } : { ok: false, reason, pageCount }
    ) as Outcome;
  };

  if (options.precheck) {
    try {
      const refusal = await options.precheck();
      if (refusal) return refuse(refusal);
    } catch (error) {
      deps.logger.error({ err: error }, "checking whether an upload may start failed");
      return refuse("error");
    }
  }

  try {
    await deps.storage.put(storageKey, file.pipe(meter.stream), { contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof FileTooLargeError) return refuse("too-large");
    if (options.state.isAborted) return refuse("aborted");
    deps.logger.error({ err: error }, "storing an upload failed");
    return refuse("error");
  }
  const { size, sha256, head } = meter.result();
  if (size === 0) return refuse("empty");
  if (head.subarray(0, 5).toString("latin1") !== "%PDF-") return refuse("not-a-pdf");

  try {
    const inspection = await inspectPdf(() => deps.storage.read(storageKey), {
      maxPages: options.maxPages,
      makeReviewerCopy: Boolean(reviewerStorageKey),
      owner: options.accountId,
      signal: options.signal,
    });
    if (!inspection.isValid) {
      if (inspection.reason !== "not-a-pdf" && inspection.reason !== "damaged") {
        deps.logger.warn({ reason: inspection.reason, storageKey }, "PDF refused");
      }
      return refuse(inspection.reason, inspection.pageCount);
    }
    if (options.signal.aborted) return clientGone();
    if (reviewerStorageKey) {
      if (!inspection.reviewerCopy) return refuse("cannot-anonymise");
      await deps.storage.put(
        reviewerStorageKey,
        Readable.from([Buffer.from(inspection.reviewerCopy)]),
        {
          contentType: "application/pdf",
        },
      );
    }
    if (options.signal.aborted) return clientGone();
    const recorded = await options.record(
      {
        storageKey,
        fileName: options.fileName,
        size,
        sha256,
        pageCount: inspection.pageCount,
        text: inspection.text,
        firstPageText: inspection.firstPageText,
        author: inspection.author,
        metadata: inspection.metadata,
        reviewerStorageKey: reviewerStorageKey ?? null,
      },
      options.fields,
    );
    if (!recorded.ok) return refuse(recorded.reason);
    options.signal.addEventListener(
      "abort",
      () =>
        deps.logger.warn(
          { storageKey },
          "an upload was recorded, but its connection closed before the answer was sent",
        ),
      { once: true },
    );
    return recorded;
  } catch (error) {
    if (options.signal.aborted) return clientGone();
    deps.logger.error({ err: error }, "recording an upload failed");
    return refuse("error");
  }

  function clientGone(): Promise<Outcome> {
    deps.logger.info({ storageKey }, "upload dropped: its connection closed before it was checked");
    return refuse("aborted");
  }
}
