import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { ConflictResolution, Database } from "~/lib/db/schema";
import { done, refuse } from "~/lib/outcome";
import { findAbstractAndReviewer } from "./assignment-queries.server";
import { listConflictFacts } from "./conflict-authors.server";
import { type ResolveConflictRefusal, type ReviewOutcome, refuseNaming } from "./review-messages";

type Db = Kysely<Database>;

export type ResolveConflictOutcome = ReviewOutcome<
  {
    number: number;
    email: string;
    /** On a confirmation: whether an unsubmitted assignment was removed. */
    wasUnassigned: boolean;
    /** On a confirmation: a submitted review stays (the committee decides what to do with it). */
    keptSubmittedReview: boolean;
  },
  ResolveConflictRefusal
>;

/**
 * An admin's answer to a likely conflict, recorded with the reason shown and audited. Confirmed: the
 * pair is kept apart like a declared conflict, and an unsubmitted assignment (with its draft) goes.
 * Dismissed: the reviewer may be assigned, and the likely conflict is not shown again. Refused when the
 * pair is not (or no longer) an unresolved likely conflict, so a resent form changes nothing twice.
 */
export async function resolveLikelyConflict(
  db: Db,
  input: {
    editionYear: number;
    submissionId: string;
    reviewerId: string;
    resolution: ConflictResolution;
    actor: AuditActor;
  },
): Promise<ResolveConflictOutcome> {
  return db.transaction().execute(async (trx): Promise<ResolveConflictOutcome> => {
    const found = await findAbstractAndReviewer(trx, input);
    if (typeof found === "string") return refuse(found);
    const { submissionId, number, email } = found;
    const facts = (await listConflictFacts(trx, { submissionIds: [submissionId] })).get(
      submissionId,
    );
    const likely = facts?.likelyConflicts.find(
      (conflict) => conflict.reviewerId === input.reviewerId && conflict.resolution === null,
    );
    if (!likely) return refuseNaming("not-likely", { email, number });
    const now = new Date().toISOString();
    // Two answers at once (a double click, two admins): the first is stored, the second refused.
    const stored = await trx
      .insertInto("review_conflict_resolution")
      .values({
        submission_id: submissionId,
        reviewer_id: input.reviewerId,
        resolution: input.resolution,
        reason: likely.reason,
        resolved_by: input.actor.userId,
        resolved_at: now,
      })
      .onConflict((conflict) => conflict.columns(["submission_id", "reviewer_id"]).doNothing())
      .returning("reviewer_id")
      .executeTakeFirst();
    if (!stored) return refuseNaming("not-likely", { email, number });
    let wasUnassigned = false;
    let keptSubmittedReview = false;
    if (input.resolution === "confirmed") {
      const assignment = await trx
        .selectFrom("review_assignment")
        .leftJoin("review", "review.assignment_id", "review_assignment.id")
        .select(["review_assignment.id", "review.submitted_at"])
        .where("review_assignment.submission_id", "=", submissionId)
        .where("review_assignment.reviewer_id", "=", input.reviewerId)
        .executeTakeFirst();
      if (assignment?.submitted_at) keptSubmittedReview = true;
      else if (assignment) {
        await trx.deleteFrom("review").where("assignment_id", "=", assignment.id).execute();
        await trx.deleteFrom("review_assignment").where("id", "=", assignment.id).execute();
        wasUnassigned = true;
      }
    }
    await recordAdminAction(trx, {
      action: input.resolution === "confirmed" ? "confirm-conflict" : "dismiss-conflict",
      actor: input.actor,
      target: { userId: input.reviewerId, email },
      details: `abstract ${number}: ${likely.reason}${wasUnassigned ? " (unassigned)" : ""}`,
    });
    return done({ number, email, wasUnassigned, keptSubmittedReview });
  });
}
