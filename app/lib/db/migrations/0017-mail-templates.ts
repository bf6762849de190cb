import type { Kysely } from "kysely";

/**
 * The organisers' own words for the mails the site writes for them (decisions, reminders, program
 * notices). The default texts live in the code (features/mail-templates); a row exists only once an
 * organiser saved a change to one, and "Restore the default" deletes it, so a default improved in a
 * later release reaches every template nobody changed. `updated_by` is the saving admin's address (as
 * the audit log names actors); `updated_at` is also the version a save is based on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_template")
    .addColumn("key", "varchar(64)", (column) => column.primaryKey())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("body", "text", (column) => column.notNull())
    .addColumn("updated_by", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_template").execute();
}
