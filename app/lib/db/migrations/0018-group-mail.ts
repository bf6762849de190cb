import type { Kysely } from "kysely";

/**
 * Messages organisers wrote to a group, one row per send, keyed by the one-time token its preview
 * handed out. The send inserts its token in the transaction that queues the messages, so a second send
 * of the same preview (a double click, a replayed form, a second tab) finds the row and queues nothing.
 * The row also says what went out: which group, the subject as written, and to how many addresses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("group_mail_send")
    .addColumn("token", "varchar(64)", (column) => column.primaryKey())
    .addColumn("group_key", "varchar(40)", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("recipients", "integer", (column) => column.notNull())
    .addColumn("sent_by", "text")
    .addColumn("sent_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("group_mail_send").execute();
}
