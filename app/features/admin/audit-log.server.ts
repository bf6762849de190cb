import type { Kysely } from "kysely";
import { recordAdminAction } from "~/lib/audit.server";
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

/**
 * Records that an admin opened another person's abstract (an admin opening their own is not an admin
 * action). Written before the file is sent, so a download the log does not show never happened.
 */
export async function recordAbstractDownload(
  db: Kysely<Database>,
  input: { admin: { id: string; email: string }; submissionId: string },
) {
  const row = await db
    .selectFrom("submission")
    .innerJoin("user", "user.id", "submission.user_id")
    .select([
      "submission.user_id as userId",
      "user.email as email",
      "submission.file_name as fileName",
    ])
    .where("submission.id", "=", input.submissionId)
    .executeTakeFirst();
  if (!row || row.userId === input.admin.id) return;
  await recordAdminAction(db, {
    action: "download-abstract",
    actor: { userId: input.admin.id, label: input.admin.email },
    target: { userId: row.userId, email: row.email },
    details: row.fileName,
  });
}

/** Records that an admin opened another person's final slides or poster, before it is sent. */
export async function recordFinalMaterialDownload(
  db: Kysely<Database>,
  input: { admin: { id: string; email: string }; submissionId: string },
) {
  const row = await db
    .selectFrom("final_material")
    .innerJoin("submission", "submission.id", "final_material.submission_id")
    .innerJoin("user", "user.id", "submission.user_id")
    .select([
      "submission.user_id as userId",
      "user.email as email",
      "final_material.file_name as fileName",
    ])
    .where("final_material.submission_id", "=", input.submissionId)
    .executeTakeFirst();
  if (!row || row.userId === input.admin.id) return;
  await recordAdminAction(db, {
    action: "download-final-material",
    actor: { userId: input.admin.id, label: input.admin.email },
    target: { userId: row.userId, email: row.email },
    details: row.fileName,
  });
}
