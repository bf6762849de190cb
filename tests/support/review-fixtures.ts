import crypto from "node:crypto";
import { drawSubmissionNumber } from "~/features/submissions/submissions.server";
import type { TestDatabase } from "./test-databases";

/** A submission row as an upload leaves it (numbered the way uploads number them), without a file. */
export async function insertTestSubmission(
  database: TestDatabase,
  submission: {
    userId: string;
    editionYear?: number;
    id?: string;
    fileName?: string;
    title?: string;
    wordCount?: number;
    warnings?: string[];
    uploadedAt?: string;
    decision?: "accepted" | "rejected" | null;
  },
): Promise<{ id: string; number: number }> {
  const id = submission.id ?? crypto.randomUUID();
  const editionYear = submission.editionYear ?? 2025;
  const number = await drawSubmissionNumber(database.db, editionYear);
  await database.db
    .insertInto("submission")
    .values({
      id,
      user_id: submission.userId,
      edition_year: editionYear,
      ...(submission.title === undefined ? {} : { title: submission.title }),
      file_name: submission.fileName ?? `${id}.pdf`,
      storage_key: `abstracts/${submission.userId}/${id}.pdf`,
      size_bytes: 1000,
      sha256: "0".repeat(64),
      page_count: 1,
      word_count: submission.wordCount ?? 321,
      warnings: JSON.stringify(submission.warnings ?? []),
      uploaded_at: submission.uploadedAt ?? new Date().toISOString(),
      decision: submission.decision ?? null,
      decision_note: null,
      decided_by: null,
      decided_at: null,
      released_at: null,
      number,
    })
    .execute();
  return { id, number };
}
