import type { Kysely } from "kysely";

/**
 * The mail outbox. Every message the site sends is a row, written in the transaction of the change that
 * causes it (a release, a reminder, a registration), so a crash after the commit loses nothing and a
 * rolled-back change sends nothing. A sender in every server process claims due rows with a lease and
 * delivers them; `mail_attempt` keeps each delivery attempt with the server's answer.
 *
 * `state`: queued (waiting, or waiting to be retried at `next_attempt_at`), sending (claimed until
 * `lease_until`; a lease that runs out means the process died mid-send, and the row is claimed again),
 * sent, failed (a permanent refusal, or temporary ones for longer than the sender retries).
 * `message_id` is the Message-ID header, fixed at queueing, so a retry of an uncertain send is the same
 * message to the receiving server. `shown_text` is what organisers read: the body with every account
 * link (verification, reset) replaced by a note; once such a message is sent, its body is dropped.
 * Times are ISO-8601 text on both databases, as in the other tables, so they sort as written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("message_id", "text", (column) => column.notNull().unique())
    .addColumn("kind", "varchar(40)", (column) => column.notNull())
    .addColumn("cause", "text", (column) => column.notNull())
    .addColumn("recipient", "text", (column) => column.notNull())
    .addColumn("subject", "text", (column) => column.notNull())
    .addColumn("text_body", "text", (column) => column.notNull())
    .addColumn("html_body", "text")
    .addColumn("shown_text", "text", (column) => column.notNull())
    .addColumn("state", "varchar(16)", (column) => column.notNull())
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "varchar(32)", (column) => column.notNull())
    .addColumn("lease_until", "varchar(32)")
    .addColumn("leased_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("sent_at", "varchar(32)")
    .execute();
  // The sender's claim: due rows by time.
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["state", "next_attempt_at"])
    .execute();
  // The organisers' list: newest first.
  await db.schema
    .createIndex("mail_outbox_created")
    .on("mail_outbox")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("mail_attempt")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("outbox_id", "text", (column) =>
      column.notNull().references("mail_outbox.id").onDelete("cascade"),
    )
    .addColumn("attempted_at", "varchar(32)", (column) => column.notNull())
    .addColumn("outcome", "varchar(16)", (column) => column.notNull())
    .addColumn("response", "text")
    .addColumn("sender", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("mail_attempt_outbox")
    .on("mail_attempt")
    .columns(["outbox_id", "attempted_at"])
    .execute();
  // The sending rate is counted over the last minute's attempts, by every server.
  await db.schema
    .createIndex("mail_attempt_time")
    .on("mail_attempt")
    .column("attempted_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_attempt").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
