import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

export const auditPageSize = 50;

/** The audit log, newest first, a page at a time. */
export async function listAuditEntries(db: Kysely<Database>, page: number) {
  const totalRow = await db
    .selectFrom("admin_audit")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirst();
  const total = Number(totalRow?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / auditPageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const entries = await db
    .selectFrom("admin_audit")
    .select(["id", "action", "actor_label", "target_email", "details", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(auditPageSize)
    .offset((current - 1) * auditPageSize)
    .execute();
  return { entries, total, page: current, pageCount };
}
