import { type Kysely, PostgresAdapter, sql } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { type AssignmentPair, balanceAssignments } from "./assignment-balancing";
import { insertAssignment, listReviewableAbstracts } from "./assignment-queries.server";

// The automatic assignment: the pure balancing (assignment-balancing.ts) run against the edition's
// abstracts, reviewers and assignments, one run at a time.

type Db = Kysely<Database>;

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
  /** Runs in the run's transaction with what it added (the reviewers' mail commits with them). */
  alsoInTransaction?: (trx: Db, pairs: AutoAssignSummary["pairs"]) => Promise<void>,
): Promise<AutoAssignSummary> {
  const count = Math.min(Math.max(Math.floor(perAbstract), 1), maxReviewersPerAbstract);
  // One run at a time, each reading what the one before it added: parallel runs (double clicks, two
  // admins) would all plan the same pairs from the same reads. Within a process they queue here,
  // holding no connection, so a burst cannot take the whole pool; across processes SQLite's
  // transactions already start as writers (BEGIN IMMEDIATE) and PostgreSQL's take a lock, which also
  // waits for a hand assignment or a reviewer's "take the next abstract" in flight.
  const turn = autoAssignQueue.then(() =>
    autoAssignInTurn(db, editionYear, count, actor, alsoInTransaction),
  );
  autoAssignQueue = turn.catch(() => {});
  return turn;
}

let autoAssignQueue: Promise<unknown> = Promise.resolve();

function autoAssignInTurn(
  db: Db,
  editionYear: number,
  count: number,
  actor: AuditActor,
  alsoInTransaction?: (trx: Db, pairs: AutoAssignSummary["pairs"]) => Promise<void>,
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
    await alsoInTransaction?.(trx, summary.pairs);
    return summary;
  });
}
