import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { ScalePoint } from "./review-settings";
import { getReviewSettings } from "./review-settings.server";
import type { ReviewStatus } from "./review-status";
import { listSubmittedReviews, type SubmittedReview } from "./submitted-reviews.server";

type Db = Kysely<Database>;

// The committee's side of peer review (admins): identities included, submitted reviews only. The
// reviewer's side is reviewer-reviews.server.ts.

export type ReviewSummary = {
  submissionId: string;
  number: number;
  assigned: number;
  submitted: number;
  /** Of the submitted reviews' merit; null before the first. */
  meanMerit: number | null;
  /** Highest minus lowest submitted merit; null before the first. */
  meritSpread: number | null;
  /** Submitted merits at least `disagreementThreshold` apart. */
  isStrongDisagreement: boolean;
};

/**
 * Reviews whose merits lie this far apart disagree strongly: more than half the scale's range (3 on the
 * default 1-5 scale: a Reject beside a Weak accept, or a Weak reject beside an Accept).
 */
export function disagreementThreshold(meritScale: ScalePoint[]): number {
  const range = (meritScale.at(-1)?.value ?? 0) - (meritScale[0]?.value ?? 0);
  return Math.max(1, Math.floor(range / 2) + 1);
}

/** Per abstract of the edition (every one, by number): how many reviews, and what they say. */
export async function listReviewSummaries(db: Db, editionYear: number): Promise<ReviewSummary[]> {
  const settings = await getReviewSettings(db, editionYear);
  const threshold = disagreementThreshold(settings.meritScale);
  const submissions = await db
    .selectFrom("submission")
    .select(["id", "number"])
    .where("edition_year", "=", editionYear)
    .orderBy("number")
    .execute();
  const assignments = await db
    .selectFrom("review_assignment")
    .leftJoin("review", "review.assignment_id", "review_assignment.id")
    .select(["review_assignment.submission_id", "review.merit", "review.submitted_at"])
    .where("review_assignment.edition_year", "=", editionYear)
    .execute();
  const bySubmission = new Map<string, { assigned: number; merits: number[] }>();
  for (const row of assignments) {
    const entry = bySubmission.get(row.submission_id) ?? { assigned: 0, merits: [] };
    entry.assigned++;
    if (row.submitted_at && row.merit !== null) entry.merits.push(Number(row.merit));
    bySubmission.set(row.submission_id, entry);
  }
  return submissions.map((submission) => {
    const { assigned, merits } = bySubmission.get(submission.id) ?? { assigned: 0, merits: [] };
    const spread = merits.length ? Math.max(...merits) - Math.min(...merits) : null;
    return {
      submissionId: submission.id,
      number: Number(submission.number),
      assigned,
      submitted: merits.length,
      meanMerit: merits.length
        ? merits.reduce((sum, merit) => sum + merit, 0) / merits.length
        : null,
      meritSpread: spread,
      isStrongDisagreement: spread !== null && spread >= threshold,
    };
  });
}

export type UnfinishedReviewer = {
  reviewerId: string;
  email: string;
  firstName: string;
  lastName: string;
  unfinished: { number: number; status: Exclude<ReviewStatus, "submitted"> }[];
};

/** Every current reviewer with assignments not yet submitted in the edition (for the reminder mail). */
export async function listUnfinishedByReviewer(
  db: Db,
  editionYear: number,
): Promise<UnfinishedReviewer[]> {
  const rows = await db
    .selectFrom("review_assignment")
    .innerJoin("reviewer", "reviewer.user_id", "review_assignment.reviewer_id")
    .innerJoin("user", "user.id", "review_assignment.reviewer_id")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .leftJoin("review", "review.assignment_id", "review_assignment.id")
    .select([
      "review_assignment.reviewer_id",
      "user.email",
      "user.firstName",
      "user.lastName",
      "submission.number",
      "review.assignment_id as reviewId",
      "review.submitted_at",
    ])
    .where("review_assignment.edition_year", "=", editionYear)
    .where("review.submitted_at", "is", null)
    .orderBy("user.email")
    .orderBy("submission.number")
    .execute();
  const byReviewer = new Map<string, UnfinishedReviewer>();
  for (const row of rows) {
    const entry = byReviewer.get(row.reviewer_id) ?? {
      reviewerId: row.reviewer_id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      unfinished: [],
    };
    entry.unfinished.push({
      number: Number(row.number),
      status: row.reviewId ? "draft" : "not-started",
    });
    byReviewer.set(row.reviewer_id, entry);
  }
  return [...byReviewer.values()];
}

/** Every submitted review of the edition, by abstract number, for the CSV export (admins). */
export async function listReviewsForExport(
  db: Db,
  editionYear: number,
): Promise<SubmittedReview[]> {
  return listSubmittedReviews(db, editionYear, await getReviewSettings(db, editionYear));
}
