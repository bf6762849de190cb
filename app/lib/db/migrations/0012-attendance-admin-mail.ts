import type { Kysely } from "kysely";

/**
 * What the admins were last mailed about a presenter's answer, and when: a presenter flipping between
 * confirm and decline mails them at most once an hour per abstract, the latest answer folded into that
 * mail (decision 0018).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("submission")
    .addColumn("attendance_admins_told", "varchar(16)")
    .execute();
  await db.schema
    .alterTable("submission")
    .addColumn("attendance_admins_mailed_at", "varchar(32)")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("submission").dropColumn("attendance_admins_mailed_at").execute();
  await db.schema.alterTable("submission").dropColumn("attendance_admins_told").execute();
}
