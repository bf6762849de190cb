import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { ensureReviewerCopy } from "~/features/submissions/reviewer-copy.server";
import type { SubmissionDependencies } from "~/features/submissions/submissions.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database } from "~/lib/db/schema";
import { done, refuse } from "~/lib/outcome";
import type { ReviewInput } from "./review-form.server";
import type { ReviewOutcome, SaveReviewRefusal } from "./review-messages";
import {
  isReviewPeriodOpen,
  type OthersVisibility,
  type ReviewSettings,
  type ScalePoint,
  scoresOf,
} from "./review-settings";
import { getReviewSettings } from "./review-settings.server";
import { type ReviewStatus, reviewStatus } from "./review-status";

type Db = Kysely<Database>;

// The reviewer's side of peer review: blind. Nothing here selects the author's account, the authors or
// the file's name: only the title the authors gave ('' on abstracts from before titles, shown as the
// number alone).

export type QueueEntry = {
  number: number;
  title: string;
  status: ReviewStatus;
  pageCount: number;
  wordCount: number;
  updatedAt: string | null;
};

// On every /review: built and compiled once (preparedQuery).
const readQueueRows = preparedQuery(
  (db, { reviewerId, editionYear }: { reviewerId: string; editionYear: number }) =>
    db
      .selectFrom("review_assignment")
      .innerJoin("submission", "submission.id", "review_assignment.submission_id")
      .leftJoin("review", "review.assignment_id", "review_assignment.id")
      .select([
        "submission.number",
        "submission.title",
        "submission.page_count",
        "submission.word_count",
        "review.assignment_id as reviewId",
        "review.submitted_at",
        "review.updated_at",
      ])
      .where("review_assignment.reviewer_id", "=", reviewerId)
      .where("review_assignment.edition_year", "=", editionYear)
      .orderBy("submission.number"),
);

/** The abstracts assigned to a reviewer in an edition, by number, with how far their review is. */
export async function listReviewQueue(
  db: Db,
  reviewerId: string,
  editionYear: number,
): Promise<QueueEntry[]> {
  const rows = await readQueueRows(db, { reviewerId, editionYear });
  return rows.map((row) => ({
    number: Number(row.number),
    title: row.title,
    status: reviewStatus(row.reviewId ? { submitted_at: row.submitted_at } : null),
    pageCount: Number(row.page_count),
    wordCount: Number(row.word_count),
    updatedAt: row.updated_at ?? null,
  }));
}

export type ReviewContent = ReviewInput & {
  meritLabel: string | null;
  confidenceLabel: string | null;
  submittedAt: string | null;
  updatedAt: string;
};

export type OthersReviews =
  | { isVisible: true; reviews: (ReviewContent & { label: string })[] }
  | { isVisible: false; reason: "never" | "submit-first" };

export type ReviewerAbstractView = {
  number: number;
  title: string;
  pageCount: number;
  wordCount: number;
  /** The stored JSON array of guideline warnings; the route reads it with the submissions feature. */
  warnings: string;
  status: ReviewStatus;
  ownReview: ReviewContent | null;
  /** While the period is open; after it the page is read-only. */
  canEdit: boolean;
  closesAt: string | null;
  meritScale: ScalePoint[];
  confidenceScale: ScalePoint[];
  others: OthersReviews;
};

async function findOwnAssignment(db: Db, reviewerId: string, editionYear: number, number: number) {
  return db
    .selectFrom("review_assignment")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .select([
      "review_assignment.id as assignmentId",
      "submission.id as submissionId",
      "submission.number",
      "submission.title",
      "submission.page_count",
      "submission.word_count",
      "submission.warnings",
    ])
    .where("review_assignment.reviewer_id", "=", reviewerId)
    .where("review_assignment.edition_year", "=", editionYear)
    .where("submission.number", "=", number)
    .executeTakeFirst();
}

type ReviewRow = {
  merit: number | null;
  confidence: number | null;
  comments_to_authors: string;
  comments_to_committee: string;
  submitted_at: string | null;
  updated_at: string;
};

function toContent(row: ReviewRow, settings: ReviewSettings): ReviewContent {
  return {
    ...scoresOf(row, settings),
    commentsToAuthors: row.comments_to_authors,
    commentsToCommittee: row.comments_to_committee,
    submittedAt: row.submitted_at,
    updatedAt: row.updated_at,
  };
}

/**
 * One assigned abstract as its reviewer sees it: its number and counts, the guideline warnings (the
 * own-name one hints that the PDF may not be anonymous), their own review, and the others' submitted
 * reviews when the settings allow (anonymous, numbered by submission order). Null when the abstract is
 * not assigned to them: the page answers 404, as for an abstract that does not exist.
 */
export async function getReviewForReviewer(
  db: Db,
  input: { reviewerId: string; editionYear: number; number: number; now?: Date },
): Promise<ReviewerAbstractView | null> {
  const assignment = await findOwnAssignment(db, input.reviewerId, input.editionYear, input.number);
  if (!assignment) return null;
  const settings = await getReviewSettings(db, input.editionYear);
  const own = await db
    .selectFrom("review")
    .select([
      "merit",
      "confidence",
      "comments_to_authors",
      "comments_to_committee",
      "submitted_at",
      "updated_at",
    ])
    .where("assignment_id", "=", assignment.assignmentId)
    .executeTakeFirst();
  const status = reviewStatus(own ?? null);
  return {
    number: Number(assignment.number),
    title: assignment.title,
    pageCount: Number(assignment.page_count),
    wordCount: Number(assignment.word_count),
    warnings: assignment.warnings,
    status,
    ownReview: own ? toContent(own, settings) : null,
    canEdit: isReviewPeriodOpen(settings, input.now),
    closesAt: settings.closesAt,
    meritScale: settings.meritScale,
    confidenceScale: settings.confidenceScale,
    others: await othersReviews(db, {
      submissionId: assignment.submissionId,
      assignmentId: assignment.assignmentId,
      visibility: settings.othersVisibility,
      hasSubmitted: status === "submitted",
      settings,
    }),
  };
}

async function othersReviews(
  db: Db,
  input: {
    submissionId: string;
    assignmentId: string;
    visibility: OthersVisibility;
    hasSubmitted: boolean;
    settings: ReviewSettings;
  },
): Promise<OthersReviews> {
  if (input.visibility === "never") return { isVisible: false, reason: "never" };
  if (!input.hasSubmitted) return { isVisible: false, reason: "submit-first" };
  const rows = await db
    .selectFrom("review")
    .innerJoin("review_assignment", "review_assignment.id", "review.assignment_id")
    .select([
      "review.merit",
      "review.confidence",
      "review.comments_to_authors",
      "review.comments_to_committee",
      "review.submitted_at",
      "review.updated_at",
    ])
    .where("review_assignment.submission_id", "=", input.submissionId)
    .where("review.assignment_id", "!=", input.assignmentId)
    .where("review.submitted_at", "is not", null)
    .orderBy("review.submitted_at")
    .orderBy("review.assignment_id")
    .execute();
  return {
    isVisible: true,
    reviews: rows.map((row, index) => ({
      ...toContent(row, input.settings),
      label: `Other review ${index + 1}`,
    })),
  };
}

/** A reviewer's review of the abstract of this number assigned to them, as they wrote it. */
export type ReviewWrite = {
  reviewerId: string;
  editionYear: number;
  number: number;
  review: ReviewInput;
  now?: Date;
};

export type SaveReviewOutcome = ReviewOutcome<
  { status: ReviewStatus; isFirstSubmission: boolean },
  SaveReviewRefusal
>;

function offScale(input: ReviewInput, settings: ReviewSettings): SaveReviewRefusal | null {
  const isOn = (scale: ScalePoint[], value: number | null) =>
    value === null || scale.some((point) => point.value === value);
  if (!isOn(settings.meritScale, input.merit)) return "merit-off-scale";
  if (!isOn(settings.confidenceScale, input.confidence)) return "confidence-off-scale";
  return null;
}

/**
 * Writes the reviewer's review of an assigned abstract while the period is open. A draft may be
 * incomplete; submitting needs both scores and records the reviewer as the actor in the audit log. A
 * submitted review stays submitted: it can be edited (submitted again) until the period closes, never
 * turned back into a draft, so nobody who already read it sees it vanish.
 */
async function writeReview(
  db: Db,
  input: ReviewWrite & { isSubmission: boolean },
): Promise<SaveReviewOutcome> {
  const settings = await getReviewSettings(db, input.editionYear);
  if (!isReviewPeriodOpen(settings, input.now)) return refuse("closed");
  const scoreProblem = offScale(input.review, settings);
  if (scoreProblem) return refuse(scoreProblem);
  if (input.isSubmission && (input.review.merit === null || input.review.confidence === null)) {
    return refuse("incomplete");
  }
  return db.transaction().execute(async (trx): Promise<SaveReviewOutcome> => {
    const assignment = await findOwnAssignment(
      trx,
      input.reviewerId,
      input.editionYear,
      input.number,
    );
    if (!assignment) return refuse("not-found");
    const existing = await trx
      .selectFrom("review")
      .select(["submitted_at"])
      .where("assignment_id", "=", assignment.assignmentId)
      .executeTakeFirst();
    if (!input.isSubmission && existing?.submitted_at) return refuse("submitted");
    const now = (input.now ?? new Date()).toISOString();
    const submittedAt = input.isSubmission ? (existing?.submitted_at ?? now) : null;
    const values = {
      merit: input.review.merit,
      confidence: input.review.confidence,
      comments_to_authors: input.review.commentsToAuthors,
      comments_to_committee: input.review.commentsToCommittee,
      updated_at: now,
      submitted_at: submittedAt,
    };
    await trx
      .insertInto("review")
      .values({ assignment_id: assignment.assignmentId, created_at: now, ...values })
      .onConflict((conflict) => conflict.column("assignment_id").doUpdateSet(values))
      .execute();
    const isFirstSubmission = input.isSubmission && !existing?.submitted_at;
    if (input.isSubmission) {
      const email = await trx
        .selectFrom("user")
        .select("email")
        .where("id", "=", input.reviewerId)
        .executeTakeFirst();
      const actor: AuditActor = {
        userId: input.reviewerId,
        label: email?.email ?? input.reviewerId,
      };
      await recordAdminAction(trx, {
        action: "submit-review",
        actor,
        details: `abstract ${input.number}${isFirstSubmission ? "" : " (edited)"}`,
      });
    }
    return done({
      status: input.isSubmission ? ("submitted" as const) : "draft",
      isFirstSubmission,
    });
  });
}

export function saveReviewDraft(db: Db, input: ReviewWrite): Promise<SaveReviewOutcome> {
  return writeReview(db, { ...input, isSubmission: false });
}

export function submitReview(db: Db, input: ReviewWrite): Promise<SaveReviewOutcome> {
  return writeReview(db, { ...input, isSubmission: true });
}

/**
 * The reviewers' copy of an abstract assigned to the reviewer (no metadata, annotations, attachments or
 * earlier revisions; made now for an abstract from before copies), or null (not assigned, no such
 * number, file gone, no copy possible). Never the original, whose properties may name the authors. The
 * caller names it by number: the author's file name is not even read.
 */
export async function openAbstractForReviewer(
  deps: SubmissionDependencies,
  input: { reviewerId: string; editionYear: number; number: number },
): Promise<{ body: Readable; size: number } | null> {
  const row = await deps.db
    .selectFrom("review_assignment")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .select(["submission.id", "submission.storage_key", "submission.reviewer_storage_key"])
    .where("review_assignment.reviewer_id", "=", input.reviewerId)
    .where("review_assignment.edition_year", "=", input.editionYear)
    .where("submission.number", "=", input.number)
    .executeTakeFirst();
  if (!row) return null;
  const key = await ensureReviewerCopy(deps, {
    id: row.id,
    storageKey: row.storage_key,
    reviewerStorageKey: row.reviewer_storage_key,
  });
  return key ? deps.storage.open(key) : null;
}
