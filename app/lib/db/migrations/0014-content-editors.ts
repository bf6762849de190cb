import type { Kysely } from "kysely";

/**
 * The editor role: people who edit the site's public content (board, editions, NACLO, events, home,
 * footer) and nothing else of the admin area. A grant of its own beside `user.role`, as the reviewer
 * role is (0005-review), so one account can be admin, reviewer and editor, and revoking one leaves the
 * others. Deleting an account deletes its grant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_editor")
    .addColumn("user_id", "text", (column) =>
      column.primaryKey().references("user.id").onDelete("cascade"),
    )
    // The granting admin's id; not a foreign key, so the grant outlives that admin's account.
    .addColumn("granted_by", "text")
    .addColumn("granted_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_editor").execute();
}
