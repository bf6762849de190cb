import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect";

/**
 * From submission to presenter (issue 13):
 * - `submission`: the title, the preferred format, the format an accepted abstract was accepted as, and
 *   the presenter's answer to the invitation (confirmed or declined), with an admin's reopening after the
 *   confirm-by date. `decision` gains "alternate" (the waiting list) beside "accepted" and "rejected".
 * - `submission_author`: every author in order. Position 0 is always the submitting account (its
 *   `user_id` set); names and affiliations are kept as submitted, so a program shows them as the
 *   authors wrote them. Existing abstracts get their submitter as the only, presenting, author.
 * - `user.affiliation`: an optional profile field that pre-fills the submit form.
 * - `presenter_settings`: an edition's confirm-by and final-materials dates when an admin changed them
 *   (the edition's content gives the defaults).
 * - `final_material`: the presenter's slides or poster (one per abstract; replacing it replaces the row)
 *   and whether it may be published on the site after the conference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema
    .alterTable("user")
    .addColumn("affiliation", "text", (column) => column.notNull().defaultTo(""))
    .execute();

  for (const [name, type, defaultValue] of [
    ["title", "text", ""],
    ["preferred_format", "varchar(16)", "either"],
  ] as const) {
    await db.schema
      .alterTable("submission")
      .addColumn(name, type, (column) => column.notNull().defaultTo(defaultValue))
      .execute();
  }
  for (const [name, type] of [
    ["accepted_as", "varchar(16)"],
    ["attendance", "varchar(16)"],
    ["attendance_at", "varchar(32)"],
    ["attendance_reopened_at", "varchar(32)"],
    ["attendance_reminded_at", "varchar(32)"],
    ["promoted_at", "varchar(32)"],
    ["details_updated_at", "varchar(32)"],
  ] as const) {
    await db.schema.alterTable("submission").addColumn(name, type).execute();
  }

  await db.schema
    .createTable("submission_author")
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (column) => column.notNull())
    .addColumn("user_id", "text", (column) => column.references("user.id").onDelete("set null"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("affiliation", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("email", "text")
    .addColumn("is_presenter", types.boolean, (column) => column.notNull())
    .addPrimaryKeyConstraint("submission_author_pk", ["submission_id", "position"])
    .execute();
  await db.schema
    .createIndex("submission_author_email_idx")
    .on("submission_author")
    .column("email")
    .execute();
  await sql`
    insert into submission_author (submission_id, position, user_id, name, affiliation, email, is_presenter)
    select s.id, 0, s.user_id, trim(u."firstName" || ' ' || u."lastName"), '', u.email, ${sql.raw(
      types.isPostgres ? "true" : "1",
    )}
    from submission as s inner join "user" as u on u.id = s.user_id`.execute(db);

  await db.schema
    .createTable("presenter_settings")
    .addColumn("edition_year", "integer", (column) => column.primaryKey())
    .addColumn("confirm_by", "varchar(32)")
    .addColumn("materials_due", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("final_material")
    .addColumn("submission_id", "text", (column) =>
      column.primaryKey().references("submission.id").onDelete("cascade"),
    )
    .addColumn("kind", "varchar(16)", (column) => column.notNull())
    .addColumn("file_name", "text", (column) => column.notNull())
    .addColumn("storage_key", "text", (column) => column.notNull().unique())
    .addColumn("size_bytes", "integer", (column) => column.notNull())
    .addColumn("sha256", "varchar(64)", (column) => column.notNull())
    .addColumn("page_count", "integer", (column) => column.notNull())
    .addColumn("may_publish", types.boolean, (column) => column.notNull())
    .addColumn("uploaded_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("final_material").execute();
  await db.schema.dropTable("presenter_settings").execute();
  await db.schema.dropTable("submission_author").execute();
  for (const column of [
    "details_updated_at",
    "promoted_at",
    "attendance_reminded_at",
    "attendance_reopened_at",
    "attendance_at",
    "attendance",
    "accepted_as",
    "preferred_format",
    "title",
  ]) {
    await db.schema.alterTable("submission").dropColumn(column).execute();
  }
  await db.schema.alterTable("user").dropColumn("affiliation").execute();
}
