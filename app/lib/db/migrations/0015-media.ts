import type { Kysely } from "kysely";

/**
 * Pictures and documents that editors upload for the site's content (board portraits, gallery and
 * carousel photos, a schedule image, a program PDF). A row is one upload as the pages use it: for a
 * picture, its WebP variants (`variants`: JSON `[{ width, height, key, bytes }]`, smallest first, each
 * stored under the SHA-256 of its bytes); for a PDF, the one file. The same bytes uploaded again for
 * the same purpose are the same row (`source_sha256` is unique per purpose). Content documents refer
 * to a row by its id; the uploaded original is never kept (it carries the camera's EXIF and GPS).
 * Written once for both databases: ISO-8601 text for the time, as the other tables do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("media")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("purpose", "varchar(32)", (column) => column.notNull())
    .addColumn("source_sha256", "varchar(64)", (column) => column.notNull())
    .addColumn("source_bytes", "integer", (column) => column.notNull())
    .addColumn("content_type", "varchar(64)", (column) => column.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("page_count", "integer")
    .addColumn("variants", "text", (column) => column.notNull())
    .addColumn("bytes", "integer", (column) => column.notNull())
    .addColumn("uploaded_by", "text", (column) => column.references("user.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addUniqueConstraint("media_purpose_source_unique", ["purpose", "source_sha256"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media").execute();
}
