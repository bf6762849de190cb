import type { Kysely } from "kysely";

/**
 * When the presenters affected by a published program version were told (or an admin chose not to tell
 * them): claimed by a conditional update, so a double click or two admins at once mail each presenter
 * once per version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("program_version")
    .addColumn("presenters_notified_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("program_version")
    .addColumn("presenters_notified_by", "text")
    .execute();
  await db.schema.alterTable("program_version").addColumn("presenters_mailed", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("program_version").dropColumn("presenters_mailed").execute();
  await db.schema.alterTable("program_version").dropColumn("presenters_notified_by").execute();
  await db.schema.alterTable("program_version").dropColumn("presenters_notified_at").execute();
}
