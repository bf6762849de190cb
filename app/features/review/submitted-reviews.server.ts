import type { Kysely } from "kysely";
import { titleOrFileName } from "~/features/submissions/submission-details";
import type { Database } from "~/lib/db/schema";
import { type ReviewSettings, type Scores, scoresOf } from "./review-settings";

type Db = Kysely<Database>;

/**
 * The edition's submitted reviews, or those of some abstracts: by abstract number, then in the order
 * they were submitted. Drafts are their writer's alone, so nothing here reads one. The committee's
 * listings select what they show from this one query; the comments to the authors select only those.
 */
function submittedReviews(db: Db, scope: { editionYear: number } | { submissionIds: string[] }) {
  const query = db
    .selectFrom("review as r")
    .innerJoin("review_assignment as a", "a.id", "r.assignment_id")
    .innerJoin("submission as s", "s.id", "a.submission_id")
    .where("r.submitted_at", "is not", null)
    .orderBy("s.number")
    .orderBy("r.submitted_at")
    .orderBy("r.assignment_id");
  return "editionYear" in scope
    ? query.where("a.edition_year", "=", scope.editionYear)
    : query.where("a.submission_id", "in", scope.submissionIds);
}

/** One submitted review as the committee reads it: who wrote it, its scores, both comments. */
export type SubmittedReview = Scores & {
  submissionId: string;
  number: number;
  /** The title (the file name before titles existed): never an author's name. */
  title: string;
  fileName: string;
  reviewerName: string;
  reviewerEmail: string;
  commentsToAuthors: string;
  commentsToCommittee: string;
  submittedAt: string;
};

/** Every submitted review of the edition, for admins only: reviewers and committee comments included. */
export async function listSubmittedReviews(
  db: Db,
  editionYear: number,
  settings: Pick<ReviewSettings, "meritScale" | "confidenceScale">,
): Promise<SubmittedReview[]> {
  const rows = await submittedReviews(db, { editionYear })
    .innerJoin("user as u", "u.id", "a.reviewer_id")
    .select([
      "a.submission_id as submissionId",
      "s.number",
      "s.title",
      "s.file_name as fileName",
      "u.email",
      "u.firstName",
      "u.lastName",
      "r.merit",
      "r.confidence",
      "r.comments_to_authors as commentsToAuthors",
      "r.comments_to_committee as commentsToCommittee",
      "r.submitted_at as submittedAt",
    ])
    .execute();
  return rows.map((row) => ({
    submissionId: row.submissionId,
    number: Number(row.number),
    title: titleOrFileName({ title: row.title, fileName: row.fileName }),
    fileName: row.fileName,
    reviewerName: `${row.firstName} ${row.lastName}`.trim(),
    reviewerEmail: row.email,
    ...scoresOf(row, settings),
    commentsToAuthors: row.commentsToAuthors,
    commentsToCommittee: row.commentsToCommittee,
    submittedAt: row.submittedAt ?? "",
  }));
}

/**
 * The submitted reviews' comments to the authors, per abstract, in the order they were submitted, for
 * the decision mail. Only the text leaves this query: neither who wrote it nor the comments to the
 * committee, and a blank comment is no comment.
 */
export async function listCommentsToAuthors(
  db: Db,
  submissionIds: string[],
): Promise<Map<string, string[]>> {
  const bySubmission = new Map<string, string[]>();
  if (!submissionIds.length) return bySubmission;
  const rows = await submittedReviews(db, { submissionIds })
    .select(["a.submission_id as submissionId", "r.comments_to_authors as comments"])
    .execute();
  for (const row of rows) {
    const text = row.comments.trim();
    if (text)
      bySubmission.set(row.submissionId, [...(bySubmission.get(row.submissionId) ?? []), text]);
  }
  return bySubmission;
}
