import type { Kysely } from "kysely";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import type { FileStorage } from "~/lib/storage/file-storage";
import { z } from "~/lib/zod.server";
import { type ReviewStatus, reviewStatus } from "./assignments.server";
import {
  isReviewPeriodOpen,
  maxCommentLength,
  type OthersVisibility,
  type ReviewSettings,
  type ScalePoint,
  scoresOf,
} from "./review-settings";
import { getReviewSettings } from "./review-settings.server";

type Db = Kysely<Database>;

export { maxCommentLength };

export type ReviewInput = {
  merit: number | null;
  confidence: number | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
};

const optionalScore = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null))
  .pipe(
    z.null().or(
      z
        .string()
        .regex(/^-?\d{1,3}$/, "Choose a score from the list.")
        .transform(Number),
    ),
  );

const comments = (what: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(
          maxCommentLength,
          `The ${what} can be at most ${maxCommentLength.toLocaleString("en-US")} characters long.`,
        ),
    );

/** The review form's fields, as the form posts them (merit, confidence, two comment boxes). */
export const reviewFormSchema = z.object({
  merit: optionalScore,
  confidence: optionalScore,
  commentsToAuthors: comments("comments to the authors"),
  commentsToCommittee: comments("comments to the committee"),
});

export function parseReviewForm(
  formData: FormData,
): { ok: true; input: ReviewInput } | { ok: false; message: string } {
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = reviewFormSchema.safeParse({
    merit: field("merit"),
    confidence: field("confidence"),
    commentsToAuthors: field("commentsToAuthors"),
    commentsToCommittee: field("commentsToCommittee"),
  });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? "The review form is invalid." };
  }
  return { ok: true, input: parsed.data };
}

// ---------------------------------------------------------------------------------------------------
// The reviewer's side: blind. Nothing here selects the author's account, the authors or the file's
// name: only the title the authors gave ('' on abstracts from before titles, shown as the number alone).

export type QueueEntry = {
  number: number;
  title: string;
  status: ReviewStatus;
  pageCount: number;
  wordCount: number;
  updatedAt: string | null;
};

/** The abstracts assigned to a reviewer in an edition, by number, with how far their review is. */
export async function listReviewQueue(
  db: Db,
  reviewerId: string,
  editionYear: number,
): Promise<QueueEntry[]> {
  const rows = await db
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
    .orderBy("submission.number")
    .execute();
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

export type SaveReviewOutcome =
  | { ok: true; status: ReviewStatus; isFirstSubmission: boolean }
  | {
      ok: false;
      reason: "not-found" | "closed" | "invalid" | "incomplete" | "submitted";
      message: string;
    };

function checkScores(input: ReviewInput, settings: ReviewSettings): string | null {
  const isOn = (scale: ScalePoint[], value: number | null) =>
    value === null || scale.some((point) => point.value === value);
  if (!isOn(settings.meritScale, input.merit)) return "Choose an overall merit from the list.";
  if (!isOn(settings.confidenceScale, input.confidence))
    return "Choose a confidence from the list.";
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
  input: {
    reviewerId: string;
    editionYear: number;
    number: number;
    review: ReviewInput;
    isSubmission: boolean;
    now?: Date;
  },
): Promise<SaveReviewOutcome> {
  const settings = await getReviewSettings(db, input.editionYear);
  if (!isReviewPeriodOpen(settings, input.now)) {
    return {
      ok: false,
      reason: "closed",
      message: "The review period is closed: reviews can no longer be changed.",
    };
  }
  const scoreProblem = checkScores(input.review, settings);
  if (scoreProblem) return { ok: false, reason: "invalid", message: scoreProblem };
  if (input.isSubmission && (input.review.merit === null || input.review.confidence === null)) {
    return {
      ok: false,
      reason: "incomplete",
      message: "Choose an overall merit and a confidence before submitting the review.",
    };
  }
  return db.transaction().execute(async (trx): Promise<SaveReviewOutcome> => {
    const assignment = await findOwnAssignment(
      trx,
      input.reviewerId,
      input.editionYear,
      input.number,
    );
    if (!assignment) {
      return {
        ok: false,
        reason: "not-found",
        message: "This abstract is not assigned to you (any more).",
      };
    }
    const existing = await trx
      .selectFrom("review")
      .select(["submitted_at"])
      .where("assignment_id", "=", assignment.assignmentId)
      .executeTakeFirst();
    if (!input.isSubmission && existing?.submitted_at) {
      return {
        ok: false,
        reason: "submitted",
        message: "This review is already submitted; use “Update review” to change it.",
      };
    }
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
    return {
      ok: true,
      status: input.isSubmission ? "submitted" : "draft",
      isFirstSubmission,
    };
  });
}

export function saveReviewDraft(
  db: Db,
  input: {
    reviewerId: string;
    editionYear: number;
    number: number;
    review: ReviewInput;
    now?: Date;
  },
): Promise<SaveReviewOutcome> {
  return writeReview(db, { ...input, isSubmission: false });
}

export function submitReview(
  db: Db,
  input: {
    reviewerId: string;
    editionYear: number;
    number: number;
    review: ReviewInput;
    now?: Date;
  },
): Promise<SaveReviewOutcome> {
  return writeReview(db, { ...input, isSubmission: true });
}

/**
 * The PDF of an abstract assigned to the reviewer, or null (not assigned, no such number, file gone).
 * The caller names it by number: the author's file name is not even read.
 */
export async function openAbstractForReviewer(
  deps: { db: Db; storage: FileStorage },
  input: { reviewerId: string; editionYear: number; number: number },
): Promise<{ body: import("node:stream").Readable; size: number } | null> {
  const row = await deps.db
    .selectFrom("review_assignment")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .select("submission.storage_key")
    .where("review_assignment.reviewer_id", "=", input.reviewerId)
    .where("review_assignment.edition_year", "=", input.editionYear)
    .where("submission.number", "=", input.number)
    .executeTakeFirst();
  if (!row) return null;
  return deps.storage.open(row.storage_key);
}

// ---------------------------------------------------------------------------------------------------
// The committee's side (admins): identities included, submitted reviews only.

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

export type ExportedReview = {
  number: number;
  /** The title (the file name before titles existed): never an author's name. */
  title: string;
  fileName: string;
  reviewerName: string;
  reviewerEmail: string;
  merit: number | null;
  meritLabel: string | null;
  confidence: number | null;
  confidenceLabel: string | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
  submittedAt: string;
};

/** Every submitted review of the edition, by abstract number, for the CSV export (admins). */
export async function listReviewsForExport(db: Db, editionYear: number): Promise<ExportedReview[]> {
  const settings = await getReviewSettings(db, editionYear);
  const rows = await db
    .selectFrom("review")
    .innerJoin("review_assignment", "review_assignment.id", "review.assignment_id")
    .innerJoin("submission", "submission.id", "review_assignment.submission_id")
    .innerJoin("user", "user.id", "review_assignment.reviewer_id")
    .select([
      "submission.number",
      "submission.file_name",
      "submission.title",
      "user.firstName",
      "user.lastName",
      "user.email",
      "review.merit",
      "review.confidence",
      "review.comments_to_authors",
      "review.comments_to_committee",
      "review.submitted_at",
    ])
    .where("review_assignment.edition_year", "=", editionYear)
    .where("review.submitted_at", "is not", null)
    .orderBy("submission.number")
    .orderBy("review.submitted_at")
    .execute();
  return rows.map((row) => ({
    number: Number(row.number),
    title: titleOrFileName({ title: row.title, fileName: row.file_name }),
    fileName: row.file_name,
    reviewerName: `${row.firstName} ${row.lastName}`.trim(),
    reviewerEmail: row.email,
    ...scoresOf(row, settings),
    commentsToAuthors: row.comments_to_authors,
    commentsToCommittee: row.comments_to_committee,
    submittedAt: row.submitted_at ?? "",
  }));
}
