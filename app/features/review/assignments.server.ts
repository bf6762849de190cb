import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database } from "~/lib/db/schema";
import { done, refuse } from "~/lib/outcome";
import {
  assignmentByNumber,
  conflictFactsFor,
  findAbstractAndReviewer,
  insertAssignment,
  listReviewableAbstracts,
  reviewerEmail,
} from "./assignment-queries.server";
import { isConflicted } from "./conflicts";
import {
  type AssignRefusal,
  type DeclareConflictRefusal,
  type ReviewOutcome,
  refuseNaming,
  type TakeNextRefusal,
  type UnassignRefusal,
} from "./review-messages";
import { isReviewPeriodOpen, type ReviewSettings } from "./review-settings";
import { getReviewSettings } from "./review-settings.server";
import { type ReviewStatus, reviewStatus } from "./review-status";

// Assignment by hand (an admin assigns and unassigns), a reviewer's declared conflicts, and a reviewer
// taking the next abstract themselves. The automatic assignment is auto-assign.server.ts.

type Db = Kysely<Database>;

export type AssignOutcome = ReviewOutcome<{ assignmentId: string; number: number }, AssignRefusal>;

/** An admin assigns one reviewer to one abstract of the edition. */
export async function assignReviewer(
  db: Db,
  input: {
    editionYear: number;
    submissionId: string;
    reviewerId: string;
    actor: AuditActor;
    /** Runs in the assignment's transaction (the reviewer's mail commits with it). */
    alsoInTransaction?: (trx: Db, assigned: { number: number }) => Promise<void>;
  },
): Promise<AssignOutcome> {
  return db.transaction().execute(async (trx): Promise<AssignOutcome> => {
    const found = await findAbstractAndReviewer(trx, input);
    if (typeof found === "string") return refuse(found);
    const { submissionId, number, email } = found;
    const facts = await conflictFactsFor(trx, submissionId);
    if (facts && isConflicted(input.reviewerId, facts)) {
      return refuseNaming("conflict", { email, number });
    }
    const existing = await trx
      .selectFrom("review_assignment")
      .select("id")
      .where("submission_id", "=", submissionId)
      .where("reviewer_id", "=", input.reviewerId)
      .executeTakeFirst();
    if (existing) return refuseNaming("already-assigned", { email, number });
    const assignmentId = await insertAssignment(trx, {
      editionYear: input.editionYear,
      submissionId: submissionId,
      reviewerId: input.reviewerId,
      assignedBy: input.actor.userId,
    });
    await recordAdminAction(trx, {
      action: "assign-reviewer",
      actor: input.actor,
      target: { userId: input.reviewerId, email },
      details: `abstract ${number}`,
    });
    await input.alsoInTransaction?.(trx, { number });
    return done({ assignmentId, number });
  });
}

export type UnassignOutcome = ReviewOutcome<{ number: number }, UnassignRefusal>;

/** Removes an assignment and its draft; refused once the review is submitted. */
export async function unassignReviewer(
  db: Db,
  input: { assignmentId: string; actor: AuditActor },
): Promise<UnassignOutcome> {
  return db.transaction().execute(async (trx): Promise<UnassignOutcome> => {
    const row = await trx
      .selectFrom("review_assignment")
      .innerJoin("submission", "submission.id", "review_assignment.submission_id")
      .innerJoin("user", "user.id", "review_assignment.reviewer_id")
      .leftJoin("review", "review.assignment_id", "review_assignment.id")
      .select([
        "submission.number",
        "user.email",
        "review_assignment.reviewer_id",
        "review.submitted_at",
      ])
      .where("review_assignment.id", "=", input.assignmentId)
      .executeTakeFirst();
    if (!row) return refuse("not-found");
    const number = Number(row.number);
    if (row.submitted_at) {
      return refuseNaming("submitted", { email: row.email, number });
    }
    await trx.deleteFrom("review").where("assignment_id", "=", input.assignmentId).execute();
    await trx.deleteFrom("review_assignment").where("id", "=", input.assignmentId).execute();
    await recordAdminAction(trx, {
      action: "unassign-reviewer",
      actor: input.actor,
      target: { userId: row.reviewer_id, email: row.email },
      details: `abstract ${number}`,
    });
    return done({ number });
  });
}

export type DeclareConflictOutcome = ReviewOutcome<
  { number: number; submissionId: string; reviewerEmail: string },
  DeclareConflictRefusal
>;

/**
 * A reviewer declares a conflict with an abstract assigned to them: the conflict is stored (so the pair
 * is never assigned again), the assignment and its draft go, and the reviewer is recorded as the actor.
 * Refused once their review is submitted: withdrawing a review the decisions may rest on is the
 * committee's call. The caller tells the admins (review-mail.server.ts) through `alsoInTransaction`.
 */
export async function declareConflict(
  db: Db,
  input: {
    editionYear: number;
    reviewerId: string;
    number: number;
    /** Runs in the declaration's transaction (the admins' notice commits with it). */
    alsoInTransaction?: (trx: Db, declared: { reviewerEmail: string }) => Promise<void>;
  },
): Promise<DeclareConflictOutcome> {
  return db.transaction().execute(async (trx): Promise<DeclareConflictOutcome> => {
    const row = await assignmentByNumber(trx, input)
      .innerJoin("user", "user.id", "review_assignment.reviewer_id")
      .leftJoin("review", "review.assignment_id", "review_assignment.id")
      .select([
        "review_assignment.id as assignmentId",
        "submission.id as submissionId",
        "user.email",
        "review.submitted_at",
      ])
      .executeTakeFirst();
    if (!row) return refuse("not-found");
    if (row.submitted_at) return refuse("submitted");
    await trx.deleteFrom("review").where("assignment_id", "=", row.assignmentId).execute();
    // The same declaration sent twice at once (a double click, a replay): on PostgreSQL both read the
    // assignment before either removed it. The one whose delete removed it declares; the other was
    // too late, as if it had come after, and records, audits and mails nothing.
    const removed = await trx
      .deleteFrom("review_assignment")
      .where("id", "=", row.assignmentId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return refuse("not-found");
    await trx
      .insertInto("review_conflict")
      .values({
        submission_id: row.submissionId,
        reviewer_id: input.reviewerId,
        declared_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["submission_id", "reviewer_id"]).doNothing())
      .execute();
    await recordAdminAction(trx, {
      action: "declare-conflict",
      actor: { userId: input.reviewerId, label: row.email },
      target: { userId: input.reviewerId, email: row.email },
      details: `abstract ${input.number}`,
    });
    await input.alsoInTransaction?.(trx, { reviewerEmail: row.email });
    return done({
      number: input.number,
      submissionId: row.submissionId,
      reviewerEmail: row.email,
    });
  });
}

export type TakeNextOutcome = ReviewOutcome<{ number: number }, TakeNextRefusal>;

/**
 * A reviewer takes the undecided abstract with the fewest reviewers (lowest number first) that they do
 * not already review and have no conflict with, when the settings allow it and the period is open.
 */
export async function takeNextAbstract(
  db: Db,
  input: {
    editionYear: number;
    reviewerId: string;
    /**
     * How many abstracts the reviewer had taken themselves when the button was shown. When they have
     * taken more since, this is the same click again (a double click, a resent form): it leads to the
     * abstract taken last instead of taking another.
     */
    takenBefore?: number;
    now?: Date;
    settings?: ReviewSettings;
  },
): Promise<TakeNextOutcome> {
  const settings = input.settings ?? (await getReviewSettings(db, input.editionYear));
  if (!settings.canSelfAssign) return refuse("not-allowed");
  if (!isReviewPeriodOpen(settings, input.now)) return refuse("closed");
  return db.transaction().execute(async (trx): Promise<TakeNextOutcome> => {
    // Holds the reviewer's role row for the transaction: two clicks of one reviewer on PostgreSQL take
    // one abstract each, one after the other, instead of colliding on the same one.
    const held = await trx
      .updateTable("reviewer")
      .set((eb) => ({ user_id: eb.ref("user_id") }))
      .where("user_id", "=", input.reviewerId)
      .returning("user_id")
      .executeTakeFirst();
    if (!held) return refuse("not-reviewer");
    if (input.takenBefore !== undefined) {
      const taken = await selfTakenNumbers(trx, input);
      const last = taken.at(-1);
      if (taken.length > input.takenBefore && last !== undefined) return done({ number: last });
    }
    const abstracts = await listReviewableAbstracts(trx, input.editionYear);
    const assignments = await trx
      .selectFrom("review_assignment")
      .select(["submission_id", "reviewer_id"])
      .where("edition_year", "=", input.editionYear)
      .execute();
    const counts = new Map<string, number>();
    const mine = new Set<string>();
    for (const assignment of assignments) {
      counts.set(assignment.submission_id, (counts.get(assignment.submission_id) ?? 0) + 1);
      if (assignment.reviewer_id === input.reviewerId) mine.add(assignment.submission_id);
    }
    const candidates = abstracts
      .filter((abstract) => !mine.has(abstract.id) && !isConflicted(input.reviewerId, abstract))
      .sort((a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0) || a.number - b.number);
    const next = candidates[0];
    if (!next) return refuse("none-left");
    await insertAssignment(trx, {
      editionYear: input.editionYear,
      submissionId: next.id,
      reviewerId: input.reviewerId,
      assignedBy: input.reviewerId,
    });
    const email = (await reviewerEmail(trx, input.reviewerId)) ?? input.reviewerId;
    await recordAdminAction(trx, {
      action: "assign-reviewer",
      actor: { userId: input.reviewerId, label: email },
      target: { userId: input.reviewerId, email },
      details: `abstract ${next.number} (taken by the reviewer)`,
    });
    return done({ number: next.number });
  });
}

// On every /review: built and compiled once (preparedQuery).
const readSelfTakenRows = preparedQuery(
  (db, { editionYear, reviewerId }: { editionYear: number; reviewerId: string }) =>
    db
      .selectFrom("review_assignment as a")
      .innerJoin("submission as s", "s.id", "a.submission_id")
      .select("s.number")
      .where("a.edition_year", "=", editionYear)
      .where("a.reviewer_id", "=", reviewerId)
      .where("a.assigned_by", "=", reviewerId)
      .orderBy("a.assigned_at")
      .orderBy("a.id"),
);

/** The numbers of the abstracts a reviewer took themselves in an edition, oldest first. */
async function selfTakenNumbers(
  db: Db,
  input: { editionYear: number; reviewerId: string },
): Promise<number[]> {
  const rows = await readSelfTakenRows(db, {
    editionYear: input.editionYear,
    reviewerId: input.reviewerId,
  });
  return rows.map((row) => Number(row.number));
}

export async function countSelfTaken(
  db: Db,
  input: { editionYear: number; reviewerId: string },
): Promise<number> {
  return (await selfTakenNumbers(db, input)).length;
}

export type SubmissionAssignment = {
  assignmentId: string;
  reviewerId: string;
  email: string;
  firstName: string;
  lastName: string;
  assignedAt: string;
  status: ReviewStatus;
};

/** Who reviews an abstract and how far they are (for admins). */
export async function listAssignmentsForSubmission(
  db: Db,
  submissionId: string,
): Promise<SubmissionAssignment[]> {
  const rows = await db
    .selectFrom("review_assignment")
    .innerJoin("user", "user.id", "review_assignment.reviewer_id")
    .leftJoin("review", "review.assignment_id", "review_assignment.id")
    .select([
      "review_assignment.id as assignmentId",
      "review_assignment.reviewer_id as reviewerId",
      "user.email",
      "user.firstName",
      "user.lastName",
      "review_assignment.assigned_at as assignedAt",
      "review.assignment_id as reviewId",
      "review.submitted_at",
    ])
    .where("review_assignment.submission_id", "=", submissionId)
    .orderBy("review_assignment.assigned_at")
    .orderBy("review_assignment.id")
    .execute();
  return rows.map((row) => ({
    assignmentId: row.assignmentId,
    reviewerId: row.reviewerId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    assignedAt: row.assignedAt,
    status: reviewStatus(row.reviewId ? { submitted_at: row.submitted_at } : null),
  }));
}

/** Whether the reviewer declared a conflict with the edition's abstract of this number. */
export async function hasDeclaredConflict(
  db: Db,
  input: { editionYear: number; reviewerId: string; number: number },
): Promise<boolean> {
  const row = await db
    .selectFrom("review_conflict")
    .innerJoin("submission", "submission.id", "review_conflict.submission_id")
    .select("review_conflict.submission_id")
    .where("review_conflict.reviewer_id", "=", input.reviewerId)
    .where("submission.edition_year", "=", input.editionYear)
    .where("submission.number", "=", input.number)
    .executeTakeFirst();
  return Boolean(row);
}
