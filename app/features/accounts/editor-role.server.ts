import type { Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { done } from "~/lib/outcome";
import type { RoleChange, RoleRefused } from "./role-messages";

/**
 * The editor role: a grant of its own (`content_editor`) beside `user.role`, as the reviewer role is.
 * Admins edit the site's content without it; an editor who is not an admin edits the content and sees
 * nothing else of the admin area. The session reads the grant on every request (session-read.server.ts),
 * so a revocation holds from the editor's next request, in every process.
 */
export async function isEditor(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("content_editor")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Boolean(row);
}

export type EditorRoleOutcome = { ok: true; value: RoleChange } | RoleRefused;

/** Grants the role and records who did it, in one transaction; granting it again changes nothing. */
export async function grantEditor(
  db: Kysely<Database>,
  userId: string,
  actor: AuditActor,
): Promise<EditorRoleOutcome> {
  return db.transaction().execute(async (trx): Promise<EditorRoleOutcome> => {
    const user = await findUser(trx, userId);
    if (!user) return { ok: false, reason: "account-gone", email: "" };
    // Two admins pressing at once: the second insert does nothing, and only the first is audited.
    const inserted = await trx
      .insertInto("content_editor")
      .values({ user_id: userId, granted_by: actor.userId, granted_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
      return done({ changed: false, email: user.email });
    await recordAdminAction(trx, {
      action: "grant-editor",
      actor,
      target: { userId, email: user.email },
    });
    return done({ changed: true, email: user.email });
  });
}

/**
 * Takes the role away. Nothing else goes with it: drafts and published versions belong to the site's
 * content, not to the person who wrote them, and keep their author's name in the history.
 */
export async function revokeEditor(
  db: Kysely<Database>,
  userId: string,
  actor: AuditActor,
): Promise<EditorRoleOutcome> {
  return db.transaction().execute(async (trx): Promise<EditorRoleOutcome> => {
    const user = await findUser(trx, userId);
    if (!user) return { ok: false, reason: "account-gone", email: "" };
    const deleted = await trx
      .deleteFrom("content_editor")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return done({ changed: false, email: user.email });
    await recordAdminAction(trx, {
      action: "revoke-editor",
      actor,
      target: { userId, email: user.email },
    });
    return done({ changed: true, email: user.email });
  });
}

async function findUser(db: Kysely<Database>, userId: string) {
  return db.selectFrom("user").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
}
