import type { Kysely } from "kysely";
import {
  listUnmailedAddresses,
  type UnmailedAddress,
} from "~/features/submissions/abstract-recipients.server";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { type FormReading, readForm, typedField } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import { listConflictFacts } from "./conflict-authors.server";
import { isConflicted } from "./conflicts";
import type { ReviewSettings, ScalePoint } from "./review-settings";
import type { ReviewSettingsInput } from "./review-settings.server";
import { type ReviewStatus, reviewStatus } from "./review-status";
import { listSubmittedReviews, type SubmittedReview } from "./submitted-reviews.server";

// The admin side of peer review: the whole edition's assignments on one page, the settings form, and
// the submitted reviews beside each abstract on the decisions page. Reminders are
// review-reminders.server.ts.

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
  /** Likely conflicts waiting for an admin's answer, and those confirmed (dismissed ones are gone). */
  likelyConflicts: (OverviewReviewer & { reason: string; resolution: "confirmed" | null })[];
  /** Co-author addresses that mail about the abstract does not go to, and why. */
  unmailed: UnmailedAddress[];
  /** Reviewers who may still be assigned: not on it, not an author, no conflict of any kind. */
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
  const [conflictFacts, unmailed] = await Promise.all([
    listConflictFacts(db, { editionYear }),
    listUnmailedAddresses(db, { editionYear }),
  ]);
  const reviewers = reviewerRows.map((row) => ({
    id: row.id,
    name: nameOf(row),
    email: row.email,
  }));
  const reviewerById = new Map(reviewers.map((reviewer) => [reviewer.id, reviewer]));
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
    const facts = conflictFacts.get(submission.id) ?? {
      authorIds: [submission.user_id],
      declaredConflictIds: [],
      likelyConflicts: [],
    };
    const likelyConflicts = facts.likelyConflicts.flatMap((conflict) => {
      const reviewer = reviewerById.get(conflict.reviewerId);
      return reviewer
        ? [{ ...reviewer, reason: conflict.reason, resolution: conflict.resolution }]
        : [];
    });
    const onIt = new Set(assignments.map((assignment) => assignment.id));
    return {
      submissionId: submission.id,
      number: Number(submission.number),
      fileName: submission.file_name,
      title: titleOrFileName({ title: submission.title, fileName: submission.file_name }),
      hasDecision: submission.decision !== null,
      assignments,
      conflicts,
      likelyConflicts,
      unmailed: unmailed.get(submission.id) ?? [],
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

/** The settings form as the admin sent it, to draw it again after a refusal (the page is a document). */
export type TypedReviewSettings = {
  isOpen: boolean;
  closesAtLocal: string;
  othersVisibility: "never" | "after-submitting";
  canSelfAssign: boolean;
  meritScaleText: string;
  confidenceScaleText: string;
};

export function typedReviewSettings(formData: FormData): TypedReviewSettings {
  const text = (name: string) => typedField(formData, name);
  return {
    isOpen: text("period") !== "closed",
    closesAtLocal: text("closesAt"),
    othersVisibility: text("othersVisibility") === "never" ? "never" : "after-submitting",
    canSelfAssign: text("canSelfAssign") === "on",
    meritScaleText: text("meritScale"),
    confidenceScaleText: text("confidenceScale"),
  };
}

/** A submitted review as the decisions page shows it beside its abstract. */
export type EditionReview = Omit<SubmittedReview, "submissionId" | "number" | "title" | "fileName">;

/**
 * Every submitted review of the edition, grouped by submission, for the decisions page (admins only:
 * reviewers' names and committee comments included), in one query.
 */
export async function listSubmittedReviewsBySubmission(
  db: Db,
  editionYear: number,
  settings: Pick<ReviewSettings, "meritScale" | "confidenceScale">,
): Promise<Map<string, EditionReview[]>> {
  const bySubmission = new Map<string, EditionReview[]>();
  for (const {
    submissionId,
    number: _number,
    title: _title,
    fileName: _fileName,
    ...review
  } of await listSubmittedReviews(db, editionYear, settings)) {
    bySubmission.set(submissionId, [...(bySubmission.get(submissionId) ?? []), review]);
  }
  return bySubmission;
}
