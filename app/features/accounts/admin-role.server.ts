import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import type { RoleChange, RoleRefused } from "./role-messages";

export type AdminActor = AuditActor;

export type AdminRoleOutcome = { ok: true; value: RoleChange } | RoleRefused;

/**
 * Grants or revokes the admin role of an account, and records who did it, in one transaction.
 * Addresses in ADMIN_EMAILS are admins regardless of the role (they are revoked by editing the
 * configuration), and nobody can revoke their own admin right.
 */
export async function setAdminRole(
  db: Kysely<Database>,
  input: {
    email: string;
    isAdmin: boolean;
    actor: AdminActor;
    configuredAdminEmails: readonly string[];
  },
): Promise<AdminRoleOutcome> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx): Promise<AdminRoleOutcome> => {
    const user = await trx
      .selectFrom("user")
      .select(["id", "email", "role"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!user) return { ok: false, reason: "no-account", email };
    if (!input.isAdmin && input.configuredAdminEmails.includes(email))
      return { ok: false, reason: "configured-admin", email };
    if (!input.isAdmin && input.actor.userId === user.id)
      return { ok: false, reason: "own-admin-right", email };
    const role = input.isAdmin ? "admin" : "user";
    if (user.role === role) return done({ changed: false, email });
    await trx.updateTable("user").set({ role }).where("id", "=", user.id).execute();
    await recordAdminAction(trx, {
      action: input.isAdmin ? "grant-admin" : "revoke-admin",
      actor: input.actor,
      target: { userId: user.id, email: user.email },
    });
    return done({ changed: true, email });
  });
}
