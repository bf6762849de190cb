import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminAction, Database } from "./db/schema";

export type AuditActor = { userId: string | null; label: string };

/** Records one admin action, answering its entry's id; call it inside the transaction that makes the change. */
export async function recordAdminAction(
  db: Kysely<Database>,
  entry: {
    action: AdminAction;
    actor: AuditActor;
    target?: { userId: string; email: string } | null;
    details?: string | null;
  },
) {
  const id = crypto.randomUUID();
  await db
    .insertInto("admin_audit")
    .values({
      id,
      action: entry.action,
      actor_user_id: entry.actor.userId,
      actor_label: entry.actor.label,
      target_user_id: entry.target?.userId ?? null,
      target_email: entry.target?.email ?? null,
      details: entry.details ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
