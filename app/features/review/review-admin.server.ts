import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { conferenceLocalTimeToIso, formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { type FormReading, readForm } from "~/lib/forms.server";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { z } from "~/lib/zod.server";
import { type ReviewStatus, reviewStatus } from "./assignments.server";
import { authorAccountIds } from "./conflict-authors.server";
import { isConflicted } from "./conflicts";
import { type ReviewSettings, type ScalePoint, scoresOf } from "./review-settings";
import type { ReviewSettingsInput } from "./review-settings.server";
import { listUnfinishedByReviewer, type UnfinishedReviewer } from "./reviews.server";

// The admin side of peer review that review-core's modules do not cover: the whole edition's
// assignments on one page, the settings form, and reminders.

type Db = Kysely<Database>;

export type OverviewReviewer = { id: string; name: string; email: string };

export type AbstractAssignments = {
  submissionId: string;
  number: number;
  fileName: string;
  /** The title, or the file name before titles existed. */
  title: string;
  hasDecision: boolean;
  assignments: (OverviewReviewer & { assignmentId: string; status: ReviewStatus })[];
  conflicts: OverviewReviewer[];
  /** Reviewers who may still be assigned: not on it, not an author, no declared conflict. */
  assignable: OverviewReviewer[];
};

const nameOf = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

/**
 * Every abstract of the edition by number, with its reviewers and their progress, its declared
 * conflicts and who else could take it: a fixed number of queries however many abstracts there are.
 */
export async function listAssignmentOverview(
  db: Db,
  editionYear: number,
): Promise<{ abstracts: AbstractAssignments[]; reviewers: OverviewReviewer[] }> {
  const [submissions, reviewerRows, assignmentRows, conflictRows] = await Promise.all([
    db
      .selectFrom("submission")
      .select(["id", "number", "file_name", "title", "user_id", "decision"])
      .where("edition_year", "=", editionYear)
      .orderBy("number")
      .execute(),
    db
      .selectFrom("reviewer")
      .innerJoin("user", "user.id", "reviewer.user_id")
      .select(["user.id", "user.email", "user.firstName", "user.lastName"])
      .orderBy("user.firstName")
      .orderBy("user.lastName")
      .orderBy("user.email")
      .execute(),
    db
      .selectFrom("review_assignment as a")
      .innerJoin("user as u", "u.id", "a.reviewer_id")
      .leftJoin("review as r", "r.assignment_id", "a.id")
      .select([
        "a.id as assignmentId",
        "a.submission_id as submissionId",
        "u.id",
        "u.email",
        "u.firstName",
        "u.lastName",
        "r.assignment_id as reviewId",
        "r.submitted_at as submittedAt",
      ])
      .where("a.edition_year", "=", editionYear)
      .orderBy("a.assigned_at")
      .orderBy("a.id")
      .execute(),
    db
      .selectFrom("review_conflict as c")
      .innerJoin("submission as s", "s.id", "c.submission_id")
      .innerJoin("user as u", "u.id", "c.reviewer_id")
      .select(["c.submission_id as submissionId", "u.id", "u.email", "u.firstName", "u.lastName"])
      .where("s.edition_year", "=", editionYear)
      .orderBy("c.declared_at")
      .execute(),
  ]);
  const coauthors = await authorAccountIds(db, { editionYear });
  const reviewers = reviewerRows.map((row) => ({
    id: row.id,
    name: nameOf(row),
    email: row.email,
  }));
  const group = <T extends { submissionId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.submissionId, [...(map.get(row.submissionId) ?? []), row]);
    return map;
  };
  const assignmentsBySubmission = group(assignmentRows);
  const conflictsBySubmission = group(conflictRows);
  const abstracts = submissions.map((submission) => {
    const assignments = (assignmentsBySubmission.get(submission.id) ?? []).map((row) => ({
      assignmentId: row.assignmentId,
      id: row.id,
      name: nameOf(row),
      email: row.email,
      status: reviewStatus(row.reviewId ? { submitted_at: row.submittedAt } : null),
    }));
    const conflicts = (conflictsBySubmission.get(submission.id) ?? []).map((row) => ({
      id: row.id,
      name: nameOf(row),
      email: row.email,
    }));
    const facts = {
      authorIds: [submission.user_id, ...(coauthors.get(submission.id) ?? [])],
      declaredConflictIds: conflicts.map((conflict) => conflict.id),
    };
    const onIt = new Set(assignments.map((assignment) => assignment.id));
    return {
      submissionId: submission.id,
      number: Number(submission.number),
      fileName: submission.file_name,
      title: titleOrFileName({ title: submission.title, fileName: submission.file_name }),
      hasDecision: submission.decision !== null,
      assignments,
      conflicts,
      assignable: reviewers.filter(
        (reviewer) => !onIt.has(reviewer.id) && !isConflicted(reviewer.id, facts),
      ),
    };
  });
  return { abstracts, reviewers };
}

/** A scale as the settings form shows it: one point a line, "1 Reject". */
export function formatScale(scale: ScalePoint[]): string {
  return scale.map((point) => `${point.value} ${point.label}`).join("\n");
}

function parseScale(text: string): ScalePoint[] | null {
  const points: ScalePoint[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const match = /^\s*(-?\d{1,3})\s*[-:.=)]?\s+(.*\S)\s*$/.exec(line);
    if (!match) return null;
    points.push({ value: Number(match[1]), label: match[2] ?? "" });
  }
  return points;
}

const scaleField = (name: string) =>
  z
    .string()
    .max(2000, `The ${name} scale is too long.`)
    .transform((text, context) => {
      const scale = parseScale(text);
      if (!scale) {
        context.addIssue({
          code: "custom",
          message: `Write the ${name} scale one point a line, a whole number and its label (for example "3 Borderline").`,
        });
        return z.NEVER;
      }
      return scale;
    });

/**
 * The settings form as posted: the closing time is a wall-clock time in Pacific time (as the call for
 * abstracts takes it), the scales one point a line. saveReviewSettings validates the rest.
 */
const reviewSettingsForm = z.object({
  period: z.enum(["open", "closed"], "Choose whether the review period is open."),
  closesAt: z
    .string()
    .trim()
    .transform((local, context) => {
      if (!local) return null;
      const iso = conferenceLocalTimeToIso(local);
      if (!iso) {
        context.addIssue({
          code: "custom",
          message: "Please enter the closing time as a date and time.",
        });
        return z.NEVER;
      }
      return iso;
    }),
  othersVisibility: z.enum(
    ["never", "after-submitting"],
    "Choose when reviewers see the others' reviews.",
  ),
  // A checkbox: sent as "on" when ticked, absent otherwise.
  canSelfAssign: z.string().optional(),
  meritScale: scaleField("merit"),
  confidenceScale: scaleField("confidence"),
});

export function readReviewSettingsForm(formData: FormData): FormReading<ReviewSettingsInput> {
  const result = readForm(reviewSettingsForm, formData);
  if (!result.ok) return result;
  const form = result.value;
  return {
    ok: true,
    value: {
      isOpen: form.period === "open",
      closesAt: form.closesAt,
      othersVisibility: form.othersVisibility,
      canSelfAssign: form.canSelfAssign === "on",
      meritScale: form.meritScale,
      confidenceScale: form.confidenceScale,
    },
  };
}

export type RemindOutcome = { reviewers: number; reviews: number; failed: number };

/**
 * One email to each reviewer with unfinished reviews in the edition, listing them by number (the only
 * name reviewers know an abstract by). The run is audited before the mail goes out; a mail that fails
 * is logged and counted, and does not stop the others.
 */
export async function remindReviewers(
  deps: { db: Db; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    editionYear: number;
    actor: AuditActor;
    reviewUrl: string;
    settings: Pick<ReviewSettings, "isOpen" | "closesAt">;
  },
): Promise<RemindOutcome> {
  const unfinished = await listUnfinishedByReviewer(deps.db, input.editionYear);
  const reviews = unfinished.reduce((sum, reviewer) => sum + reviewer.unfinished.length, 0);
  if (!unfinished.length) return { reviewers: 0, reviews: 0, failed: 0 };
  await recordAdminAction(deps.db, {
    action: "remind-reviewers",
    actor: input.actor,
    details: `${unfinished.length} ${unfinished.length === 1 ? "reviewer" : "reviewers"} reminded of ${reviews} unfinished ${reviews === 1 ? "review" : "reviews"}`,
  });
  const deadline =
    input.settings.isOpen && input.settings.closesAt
      ? `The review period closes at ${formatConferenceDateTime(input.settings.closesAt)}.`
      : null;
  let failed = 0;
  for (const reviewer of unfinished) {
    const message = reminderEmail(reviewer, { ...input, deadline });
    await deps.mailer.send(message).catch((error: unknown) => {
      failed++;
      deps.logger.error({ err: error, to: message.to }, "review reminder failed");
    });
  }
  return { reviewers: unfinished.length, reviews, failed };
}

const statusWords = { "not-started": "not started", draft: "draft saved, not submitted" } as const;

function reminderEmail(
  reviewer: UnfinishedReviewer,
  input: { editionYear: number; reviewUrl: string; deadline: string | null },
): MailMessage {
  const count = reviewer.unfinished.length;
  const text = [
    `Dear ${reviewer.firstName || "reviewer"},`,
    `You have ${count} unfinished ${count === 1 ? "review" : "reviews"} for ${editionName(input.editionYear)}:`,
    reviewer.unfinished
      .map((entry) => `- Abstract ${entry.number}: ${statusWords[entry.status]}`)
      .join("\n"),
    ...(input.deadline ? [input.deadline] : []),
    "Your review queue:",
    input.reviewUrl,
    `— ${site.name}`,
  ];
  return {
    to: reviewer.email,
    subject: `Reminder: ${count} unfinished ${count === 1 ? "review" : "reviews"} for ${editionName(input.editionYear)}`,
    text: `${text.join("\n\n")}\n`,
  };
}

export type EditionReview = {
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

/**
 * Every submitted review of the edition, grouped by submission, for the decisions page (admins only:
 * reviewers' names and committee comments included), in one query.
 */
export async function listSubmittedReviewsBySubmission(
  db: Db,
  editionYear: number,
  settings: Pick<ReviewSettings, "meritScale" | "confidenceScale">,
): Promise<Map<string, EditionReview[]>> {
  const rows = await db
    .selectFrom("review as r")
    .innerJoin("review_assignment as a", "a.id", "r.assignment_id")
    .innerJoin("user as u", "u.id", "a.reviewer_id")
    .select([
      "a.submission_id as submissionId",
      "u.email",
      "u.firstName",
      "u.lastName",
      "r.merit",
      "r.confidence",
      "r.comments_to_authors as commentsToAuthors",
      "r.comments_to_committee as commentsToCommittee",
      "r.submitted_at as submittedAt",
    ])
    .where("a.edition_year", "=", editionYear)
    .where("r.submitted_at", "is not", null)
    .orderBy("r.submitted_at")
    .orderBy("r.assignment_id")
    .execute();
  const bySubmission = new Map<string, EditionReview[]>();
  for (const row of rows) {
    const review: EditionReview = {
      reviewerName: nameOf(row),
      reviewerEmail: row.email,
      ...scoresOf(row, settings),
      commentsToAuthors: row.commentsToAuthors,
      commentsToCommittee: row.commentsToCommittee,
      submittedAt: row.submittedAt ?? "",
    };
    bySubmission.set(row.submissionId, [...(bySubmission.get(row.submissionId) ?? []), review]);
  }
  return bySubmission;
}
