import type { Kysely } from "kysely";

/**
 * The program (issue 14), per edition:
 * - `program_session` and `program_slot` are the draft, edited in place by admins: sessions on the
 *   conference day (times as minutes after local midnight, America/Los_Angeles: one day, so no daylight
 *   saving change falls inside it) and the presentations placed in them, in order. A slot's `minutes`
 *   is null for the edition's default talk length; posters have no minutes.
 * - `program_version` is what visitors see: each publish freezes the whole rendered program as JSON,
 *   so an archive never changes when titles, authors or the draft change later.
 * - `program_edition` holds each edition's last version number. Every change to an edition's program
 *   updates its row first, so on PostgreSQL edits and publishes of one edition run one after the other
 *   (a publish never snapshots a half-made edit, and two publishes draw distinct numbers).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("program_edition")
    .addColumn("edition_year", "integer", (column) => column.primaryKey())
    .addColumn("last_version", "integer", (column) => column.notNull())
    .addColumn("changed_at", "varchar(32)")
    .execute();

  await db.schema
    .createTable("program_session")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("edition_year", "integer", (column) => column.notNull())
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("room", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("starts_at", "integer", (column) => column.notNull())
    .addColumn("ends_at", "integer", (column) => column.notNull())
    .addColumn("chair", "text")
    .addColumn("description", "text")
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("program_session_edition_idx")
    .on("program_session")
    .column("edition_year")
    .execute();

  await db.schema
    .createTable("program_slot")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("session_id", "text", (column) =>
      column.notNull().references("program_session.id").onDelete("cascade"),
    )
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("minutes", "integer")
    .addUniqueConstraint("program_slot_session_position_unique", ["session_id", "position"])
    .execute();
  await db.schema
    .createIndex("program_slot_submission_idx")
    .on("program_slot")
    .column("submission_id")
    .execute();

  await db.schema
    .createTable("program_version")
    .addColumn("edition_year", "integer", (column) => column.notNull())
    .addColumn("version", "integer", (column) => column.notNull())
    .addColumn("published_at", "varchar(32)", (column) => column.notNull())
    .addColumn("published_by", "text", (column) => column.notNull())
    .addColumn("published_by_user_id", "text")
    .addColumn("snapshot", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("program_version_pk", ["edition_year", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("program_version").execute();
  await db.schema.dropTable("program_slot").execute();
  await db.schema.dropTable("program_session").execute();
  await db.schema.dropTable("program_edition").execute();
}
