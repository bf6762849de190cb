import type { Kysely } from "kysely";

/**
 * One row per uploaded abstract. The file lives in storage under `storage_key`; the original file name
 * is for display only. Applicant and presenter are derived from these rows, never stored on the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("submission")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("user_id", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("edition_year", "integer", (column) => column.notNull())
    .addColumn("file_name", "text", (column) => column.notNull())
    .addColumn("storage_key", "text", (column) => column.notNull().unique())
    .addColumn("size_bytes", "integer", (column) => column.notNull())
    .addColumn("sha256", "varchar(64)", (column) => column.notNull())
    .addColumn("page_count", "integer", (column) => column.notNull())
    .addColumn("word_count", "integer", (column) => column.notNull())
    // JSON array of guideline warnings found, e.g. ["over-word-limit", "names-author"].
    .addColumn("warnings", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("uploaded_at", "varchar(32)", (column) => column.notNull())
    .addColumn("decision", "varchar(16)")
    .addColumn("decision_note", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "varchar(32)")
    .addColumn("released_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("submission_user_edition_idx")
    .on("submission")
    .columns(["user_id", "edition_year", "uploaded_at"])
    .execute();
  await db.schema
    .createIndex("submission_edition_idx")
    .on("submission")
    .columns(["edition_year", "uploaded_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("submission").execute();
}
