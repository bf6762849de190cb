import crypto from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { type AssignmentPair, balanceAssignments } from "./assignment-balancing";
import { authorAccountIds } from "./conflict-authors.server";
import { type ConflictFacts, isConflicted } from "./conflicts";
import { isReviewPeriodOpen, type ReviewSettings } from "./review-settings";
import { getReviewSettings } from "./review-settings.server";
import { type ReviewStatus, reviewStatus } from "./review-status";

type Db = Kysely<Database>;

export type { ReviewStatus };
export { reviewStatus };

/**
 * The abstracts that take reviewers: the edition's, without a decision (one decided without review
 * needs none), in number order, each with what decides its conflicts.
 */
async function listReviewableAbstracts(
  db: Db,
  editionYear: number,
): Promise<(ConflictFacts & { id: string; number: number })[]> {
  const rows = await db
    .selectFrom("submission")
    .select(["id", "number", "user_id"])
    .where("edition_year", "=", editionYear)
    .where("decision", "is", null)
    .orderBy("number")
    .execute();
  const declared = await db
    .selectFrom("review_conflict")
    .innerJoin("submission", "submission.id", "review_conflict.submission_id")
    .select(["review_conflict.submission_id", "review_conflict.reviewer_id"])
    .where("submission.edition_year", "=", editionYear)
    .execute();
  const coauthors = await authorAccountIds(db, { editionYear });
  return rows.map((row) => ({
    id: row.id,
    number: Number(row.number),
    authorIds: [row.user_id, ...(coauthors.get(row.id) ?? [])],
    declaredConflictIds: declared
      .filter((conflict) => conflict.submission_id === row.id)
      .map((conflict) => conflict.reviewer_id),
  }));
}

async function conflictFactsFor(db: Db, submissionId: string): Promise<ConflictFacts | null> {
  const row = await db
    .selectFrom("submission")
    .select("user_id")
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!row) return null;
  const declared = await db
    .selectFrom("review_conflict")
    .select("reviewer_id")
    .where("submission_id", "=", submissionId)
    .execute();
  const coauthors = await authorAccountIds(db, { submissionIds: [submissionId] });
  return {
    authorIds: [row.user_id, ...(coauthors.get(submissionId) ?? [])],
    declaredConflictIds: declared.map((conflict) => conflict.reviewer_id),
  };
}

async function insertAssignment(
  db: Db,
  values: {
    editionYear: number;
    submissionId: string;
    reviewerId: string;
    assignedBy: string | null;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("review_assignment")
    .values({
      id,
      edition_year: values.editionYear,
      submission_id: values.submissionId,
      reviewer_id: values.reviewerId,
      assigned_by: values.assignedBy,
      assigned_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

async function reviewerEmail(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("reviewer")
    .innerJoin("user", "user.id", "reviewer.user_id")
    .select("user.email")
    .where("reviewer.user_id", "=", userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

export type AssignOutcome =
  | { ok: true; assignmentId: string; number: number }
  | {
      ok: false;
      reason: "not-found" | "not-reviewer" | "conflict" | "already-assigned";
      message: string;
    };

/** An admin assigns one reviewer to one abstract of the edition. */
export async function assignReviewer(
  db: Db,
  input: { editionYear: number; submissionId: string; reviewerId: string; actor: AuditActor },
): Promise<AssignOutcome> {
  return db.transaction().execute(async (trx): Promise<AssignOutcome> => {
    const submission = await trx
      .selectFrom("submission")
      .select(["id", "number"])
      .where("id", "=", input.submissionId)
      .where("edition_year", "=", input.editionYear)
      .executeTakeFirst();
    if (!submission) {
      return { ok: false, reason: "not-found", message: "That abstract no longer exists." };
    }
    const number = Number(submission.number);
    const email = await reviewerEmail(trx, input.reviewerId);
    if (!email) {
      return { ok: false, reason: "not-reviewer", message: "That person is not a reviewer." };
    }
    const facts = await conflictFactsFor(trx, submission.id);
    if (facts && isConflicted(input.reviewerId, facts)) {
      return {
        ok: false,
        reason: "conflict",
        message: `${email} has a conflict with abstract ${number} (an author, or a declared conflict).`,
      };
    }
    const existing = await trx
      .selectFrom("review_assignment")
      .select("id")
      .where("submission_id", "=", submission.id)
      .where("reviewer_id", "=", input.reviewerId)
      .executeTakeFirst();
    if (existing) {
      return {
        ok: false,
        reason: "already-assigned",
        message: `${email} already reviews abstract ${number}.`,
      };
    }
    const assignmentId = await insertAssignment(trx, {
      editionYear: input.editionYear,
      submissionId: submission.id,
      reviewerId: input.reviewerId,
      assignedBy: input.actor.userId,
    });
    await recordAdminAction(trx, {
      action: "assign-reviewer",
      actor: input.actor,
      target: { userId: input.reviewerId, email },
      details: `abstract ${number}`,
    });
    return { ok: true, assignmentId, number };
  });
}

export type UnassignOutcome =
  | { ok: true; number: number }
  | { ok: false; reason: "not-found" | "submitted"; message: string };

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
    if (!row) {
      return { ok: false, reason: "not-found", message: "That assignment no longer exists." };
    }
    const number = Number(row.number);
    if (row.submitted_at) {
      return {
        ok: false,
        reason: "submitted",
        message: `${row.email} has already submitted a review of abstract ${number}; it cannot be unassigned.`,
      };
    }
    await trx.deleteFrom("review").where("assignment_id", "=", input.assignmentId).execute();
    await trx.deleteFrom("review_assignment").where("id", "=", input.assignmentId).execute();
    await recordAdminAction(trx, {
      action: "unassign-reviewer",
      actor: input.actor,
      target: { userId: row.reviewer_id, email: row.email },
      details: `abstract ${number}`,
    });
    return { ok: true, number };
  });
}

export type AutoAssignSummary = {
  perAbstract: number;
  created: number;
  /** The new assignments, by abstract number. */
  pairs: { number: number; reviewerId: string }[];
  /** Abstracts still short of `perAbstract` reviewers (too few reviewers without a conflict). */
  shortfalls: { number: number; missing: number }[];
  /** Every reviewer's assignments in the edition after the run, most loaded first. */
  loads: { reviewerId: string; email: string; count: number }[];
};

export const maxReviewersPerAbstract = 10;

/**
 * "N reviewers per abstract": adds the assignments the balancing proposes, in one transaction, and
 * records one audit entry for the run. Existing assignments stay, so a second run adds only what is
 * missing (new abstracts, new reviewers, a declared conflict).
 */
export async function autoAssign(
  db: Db,
  editionYear: number,
  perAbstract: number,
  actor: AuditActor,
): Promise<AutoAssignSummary> {
  const count = Math.min(Math.max(Math.floor(perAbstract), 1), maxReviewersPerAbstract);
  // One run at a time, each reading what the one before it added: parallel runs (double clicks, two
  // admins) would all plan the same pairs from the same reads. Within a process they queue here,
  // holding no connection, so a burst cannot take the whole pool; across processes SQLite's
  // transactions already start as writers (BEGIN IMMEDIATE) and PostgreSQL's take a lock, which also
  // waits for a hand assignment or a reviewer's "take the next abstract" in flight.
  const turn = autoAssignQueue.then(() => autoAssignInTurn(db, editionYear, count, actor));
  autoAssignQueue = turn.catch(() => {});
  return turn;
}

let autoAssignQueue: Promise<unknown> = Promise.resolve();

function autoAssignInTurn(
  db: Db,
  editionYear: number,
  count: number,
  actor: AuditActor,
): Promise<AutoAssignSummary> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`lock table review_assignment in share row exclusive mode`.execute(trx);
    }
    const abstracts = await listReviewableAbstracts(trx, editionYear);
    const reviewers = await trx
      .selectFrom("reviewer")
      .innerJoin("user", "user.id", "reviewer.user_id")
      .select(["reviewer.user_id as id", "user.email"])
      .orderBy("reviewer.granted_at")
      .orderBy("reviewer.user_id")
      .execute();
    const existing: AssignmentPair[] = (
      await trx
        .selectFrom("review_assignment")
        .select(["submission_id", "reviewer_id"])
        .where("edition_year", "=", editionYear)
        .execute()
    ).map((row) => ({ submissionId: row.submission_id, reviewerId: row.reviewer_id }));
    const result = balanceAssignments({
      abstracts,
      reviewerIds: reviewers.map((reviewer) => reviewer.id),
      existing,
      perAbstract: count,
    });
    for (const pair of result.pairs) {
      await insertAssignment(trx, { editionYear, ...pair, assignedBy: actor.userId });
    }
    const numberOf = new Map(abstracts.map((abstract) => [abstract.id, abstract.number]));
    const loadCounts = new Map<string, number>();
    for (const pair of [...existing, ...result.pairs]) {
      loadCounts.set(pair.reviewerId, (loadCounts.get(pair.reviewerId) ?? 0) + 1);
    }
    const summary: AutoAssignSummary = {
      perAbstract: count,
      created: result.pairs.length,
      pairs: result.pairs.map((pair) => ({
        number: numberOf.get(pair.submissionId) ?? 0,
        reviewerId: pair.reviewerId,
      })),
      shortfalls: result.shortfalls.map((shortfall) => ({
        number: numberOf.get(shortfall.submissionId) ?? 0,
        missing: shortfall.missing,
      })),
      loads: reviewers
        .map((reviewer) => ({
          reviewerId: reviewer.id,
          email: reviewer.email,
          count: loadCounts.get(reviewer.id) ?? 0,
        }))
        .sort((a, b) => b.count - a.count),
    };
    await recordAdminAction(trx, {
      action: "auto-assign",
      actor,
      details: `${count} per abstract: ${summary.created} ${
        summary.created === 1 ? "assignment" : "assignments"
      } added${summary.shortfalls.length ? `, ${summary.shortfalls.length} abstracts still short` : ""}`,
    });
    return summary;
  });
}

export type DeclareConflictOutcome =
  | { ok: true; number: number; submissionId: string; reviewerEmail: string }
  | { ok: false; reason: "not-found" | "submitted"; message: string };

/**
 * A reviewer declares a conflict with an abstract assigned to them: the conflict is stored (so the pair
 * is never assigned again), the assignment and its draft go, and the reviewer is recorded as the actor.
 * Refused once their review is submitted: withdrawing a review the decisions may rest on is the
 * committee's call. The caller tells the admins (review-mail.server.ts).
 */
export async function declareConflict(
  db: Db,
  input: { editionYear: number; reviewerId: string; number: number },
): Promise<DeclareConflictOutcome> {
  return db.transaction().execute(async (trx): Promise<DeclareConflictOutcome> => {
    const row = await trx
      .selectFrom("review_assignment")
      .innerJoin("submission", "submission.id", "review_assignment.submission_id")
      .innerJoin("user", "user.id", "review_assignment.reviewer_id")
      .leftJoin("review", "review.assignment_id", "review_assignment.id")
      .select([
        "review_assignment.id as assignmentId",
        "submission.id as submissionId",
        "user.email",
        "review.submitted_at",
      ])
      .where("review_assignment.reviewer_id", "=", input.reviewerId)
      .where("submission.edition_year", "=", input.editionYear)
      .where("submission.number", "=", input.number)
      .executeTakeFirst();
    if (!row) {
      return {
        ok: false,
        reason: "not-found",
        message: "This abstract is not assigned to you (any more).",
      };
    }
    if (row.submitted_at) {
      return {
        ok: false,
        reason: "submitted",
        message:
          "You have already submitted a review of this abstract. To withdraw it, write to the committee chairs.",
      };
    }
    await trx
      .insertInto("review_conflict")
      .values({
        submission_id: row.submissionId,
        reviewer_id: input.reviewerId,
        declared_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["submission_id", "reviewer_id"]).doNothing())
      .execute();
    await trx.deleteFrom("review").where("assignment_id", "=", row.assignmentId).execute();
    await trx.deleteFrom("review_assignment").where("id", "=", row.assignmentId).execute();
    await recordAdminAction(trx, {
      action: "declare-conflict",
      actor: { userId: input.reviewerId, label: row.email },
      target: { userId: input.reviewerId, email: row.email },
      details: `abstract ${input.number}`,
    });
    return {
      ok: true,
      number: input.number,
      submissionId: row.submissionId,
      reviewerEmail: row.email,
    };
  });
}

export type TakeNextOutcome =
  | { ok: true; number: number }
  | { ok: false; reason: "not-allowed" | "closed" | "none-left"; message: string };

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
  if (!settings.canSelfAssign) {
    return {
      ok: false,
      reason: "not-allowed",
      message: "Reviewers cannot take abstracts themselves in this edition.",
    };
  }
  if (!isReviewPeriodOpen(settings, input.now)) {
    return { ok: false, reason: "closed", message: "The review period is closed." };
  }
  return db.transaction().execute(async (trx): Promise<TakeNextOutcome> => {
    // Holds the reviewer's role row for the transaction: two clicks of one reviewer on PostgreSQL take
    // one abstract each, one after the other, instead of colliding on the same one.
    const held = await trx
      .updateTable("reviewer")
      .set((eb) => ({ user_id: eb.ref("user_id") }))
      .where("user_id", "=", input.reviewerId)
      .returning("user_id")
      .executeTakeFirst();
    if (!held) {
      return { ok: false, reason: "not-allowed", message: "You are not a reviewer." };
    }
    if (input.takenBefore !== undefined) {
      const taken = await selfTakenNumbers(trx, input);
      const last = taken.at(-1);
      if (taken.length > input.takenBefore && last !== undefined) return { ok: true, number: last };
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
    if (!next) {
      return {
        ok: false,
        reason: "none-left",
        message: "There is no abstract left for you to take.",
      };
    }
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
    return { ok: true, number: next.number };
  });
}

/** The numbers of the abstracts a reviewer took themselves in an edition, oldest first. */
async function selfTakenNumbers(
  db: Db,
  input: { editionYear: number; reviewerId: string },
): Promise<number[]> {
  const rows = await db
    .selectFrom("review_assignment as a")
    .innerJoin("submission as s", "s.id", "a.submission_id")
    .select("s.number")
    .where("a.edition_year", "=", input.editionYear)
    .where("a.reviewer_id", "=", input.reviewerId)
    .where("a.assigned_by", "=", input.reviewerId)
    .orderBy("a.assigned_at")
    .orderBy("a.id")
    .execute();
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
