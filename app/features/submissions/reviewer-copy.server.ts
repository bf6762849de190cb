import { Readable } from "node:stream";
import { inspectPdf } from "~/lib/pdf/inspect-pdf.server";
import type { SubmissionDependencies } from "./submissions.server";

/** Where the reviewers' copy of the abstract stored under `storageKey` goes: beside it. */
export function reviewerCopyKey(storageKey: string): string {
  return `${storageKey.replace(/\.pdf$/, "")}.reviewer.pdf`;
}

/**
 * The storage key of an abstract's reviewers' copy (its pages without metadata, annotations,
 * attachments or earlier revisions), made now if the abstract predates copies: in the PDF pool, under
 * the inspection's time and heap limits. Null when no copy can be made: the caller then serves nothing,
 * never the original.
 */
export async function ensureReviewerCopy(
  deps: SubmissionDependencies,
  submission: { id: string; storageKey: string; reviewerStorageKey: string | null },
): Promise<string | null> {
  if (submission.reviewerStorageKey) return submission.reviewerStorageKey;
  const inspection = await inspectPdf(() => deps.storage.read(submission.storageKey), {
    maxPages: 1_000,
    makeReviewerCopy: true,
  });
  if (!inspection.isValid || !inspection.reviewerCopy) {
    deps.logger.error(
      { submissionId: submission.id, reason: inspection.isValid ? "no copy" : inspection.reason },
      "the reviewers' copy of an abstract could not be made",
    );
    return null;
  }
  // Named after the original, so two reviewers opening it at once write the same key with the same
  // bytes; a copy left by an original replaced meanwhile is the orphan sweep's.
  const key = reviewerCopyKey(submission.storageKey);
  await deps.storage.put(key, Readable.from([Buffer.from(inspection.reviewerCopy)]), {
    contentType: "application/pdf",
  });
  await deps.db
    .updateTable("submission")
    .set({ reviewer_storage_key: key })
    .where("id", "=", submission.id)
    .where("storage_key", "=", submission.storageKey)
    .execute();
  deps.logger.info({ submissionId: submission.id }, "reviewers' copy made for an older abstract");
  return key;
}
