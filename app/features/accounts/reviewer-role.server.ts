import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import type { RoleChange, RoleRefused } from "./role-messages";

export type ReviewerListing = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  grantedAt: string;
};

/** Holds the reviewer role (a grant of its own: being an admin does not make someone a reviewer). */
export async function isReviewer(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("reviewer")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** The committee, by name. */
export async function listReviewers(db: Kysely<Database>): Promise<ReviewerListing[]> {
  const rows = await db
    .selectFrom("reviewer")
    .innerJoin("user", "user.id", "reviewer.user_id")
    .select([
      "reviewer.user_id as userId",
      "user.email as email",
      "user.firstName as firstName",
      "user.lastName as lastName",
      "reviewer.granted_at as grantedAt",
    ])
    .orderBy("user.firstName")
    .orderBy("user.lastName")
    .orderBy("user.email")
    .execute();
  return rows;
}

export type ReviewerRoleOutcome<Extra = unknown> =
  | { ok: true; value: RoleChange & Extra }
  | RoleRefused;

export async function grantReviewer(
  db: Kysely<Database>,
  userId: string,
  actor: AuditActor,
): Promise<ReviewerRoleOutcome> {
  return db.transaction().execute(async (trx): Promise<ReviewerRoleOutcome> => {
    const user = await findUser(trx, userId);
    if (!user) return { ok: false, reason: "account-gone", email: "" };
    if (await isReviewer(trx, userId)) return done({ changed: false, email: user.email });
    await trx
      .insertInto("reviewer")
      .values({ user_id: userId, granted_by: actor.userId, granted_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    await recordAdminAction(trx, {
      action: "grant-reviewer",
      actor,
      target: { userId, email: user.email },
    });
    return done({ changed: true, email: user.email });
  });
}

/**
 * Takes the role away. Submitted reviews stay (the decisions rest on them); assignments without a
 * submitted review go, drafts with them, since their writer can no longer finish them, so the balancing
 * can give those abstracts to someone else.
 */
export async function revokeReviewer(
  db: Kysely<Database>,
  userId: string,
  actor: AuditActor,
): Promise<ReviewerRoleOutcome<{ droppedAssignments: number }>> {
  return db
    .transaction()
    .execute(async (trx): Promise<ReviewerRoleOutcome<{ droppedAssignments: number }>> => {
      const user = await findUser(trx, userId);
      if (!user) return { ok: false, reason: "account-gone", email: "" };
      const deleted = await trx
        .deleteFrom("reviewer")
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0)
        return done({ changed: false, email: user.email, droppedAssignments: 0 });
      const dropped = await trx
        .deleteFrom("review_assignment")
        .where("reviewer_id", "=", userId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("review")
                .select("review.assignment_id")
                .whereRef("review.assignment_id", "=", "review_assignment.id")
                .where("review.submitted_at", "is not", null),
            ),
          ),
        )
        .executeTakeFirst();
      const droppedAssignments = Number(dropped.numDeletedRows);
      await recordAdminAction(trx, {
        action: "revoke-reviewer",
        actor,
        target: { userId, email: user.email },
        details: droppedAssignments
          ? `${droppedAssignments} unfinished ${droppedAssignments === 1 ? "assignment" : "assignments"} removed`
          : null,
      });
      return done({ changed: true, email: user.email, droppedAssignments });
    });
}

async function findUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom("user").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
}
