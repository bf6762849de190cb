import type { Kysely } from "kysely";

/**
 * Where the reviewers' copy of an abstract's PDF is stored: the same pages without metadata,
 * annotations, attachments or earlier revisions. Null on abstracts uploaded before copies existed;
 * the first reviewer download makes theirs (docs/decisions/0016-reviewer-copies.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("submission").addColumn("reviewer_storage_key", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("submission").dropColumn("reviewer_storage_key").execute();
}
