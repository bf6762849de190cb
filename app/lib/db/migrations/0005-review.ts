import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect";

/**
 * Peer review (issue 12), per edition:
 * - `submission.number`: the abstract's number within its edition, the only name reviewers see.
 *   Existing rows are numbered in upload order; `submission_number` holds each edition's last number
 *   so that parallel uploads on PostgreSQL draw distinct numbers from one atomic upsert, and a number
 *   is never reused after a deletion (a reviewer's "abstract 4" never changes meaning).
 * - `reviewer`: the reviewer role, a grant of its own beside `user.role` (an admin may hold both).
 * - `review_assignment` (one per abstract and reviewer) and `review` (at most one per assignment; a draft
 *   has no `submitted_at`).
 * - `review_conflict`: declared conflicts; such a pair is never assigned again.
 * - `review_settings`: an edition's period, visibility and scales; an edition without a row uses the
 *   defaults in review-settings.server.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.alterTable("submission").addColumn("number", "integer").execute();
  // Numbered in upload order within each edition (id breaks ties between equal timestamps).
  await sql`
    update submission set number = (
      select count(*) from submission as earlier
      where earlier.edition_year = submission.edition_year
        and (earlier.uploaded_at < submission.uploaded_at
          or (earlier.uploaded_at = submission.uploaded_at and earlier.id <= submission.id))
    )`.execute(db);
  await db.schema
    .createIndex("submission_edition_number_idx")
    .on("submission")
    .columns(["edition_year", "number"])
    .unique()
    .execute();
  await db.schema
    .createTable("submission_number")
    .addColumn("edition_year", "integer", (column) => column.primaryKey())
    .addColumn("last_number", "integer", (column) => column.notNull())
    .execute();
  await sql`
    insert into submission_number (edition_year, last_number)
    select edition_year, max(number) from submission group by edition_year`.execute(db);

  await db.schema
    .createTable("reviewer")
    .addColumn("user_id", "text", (column) =>
      column.primaryKey().references("user.id").onDelete("cascade"),
    )
    .addColumn("granted_by", "text")
    .addColumn("granted_at", "varchar(32)", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("review_assignment")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("edition_year", "integer", (column) => column.notNull())
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("reviewer_id", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    // Who made it: an admin, the balancing, or the reviewer taking the next abstract.
    .addColumn("assigned_by", "text")
    .addColumn("assigned_at", "varchar(32)", (column) => column.notNull())
    .addUniqueConstraint("review_assignment_pair_unique", ["submission_id", "reviewer_id"])
    .execute();
  await db.schema
    .createIndex("review_assignment_reviewer_idx")
    .on("review_assignment")
    .columns(["reviewer_id", "edition_year"])
    .execute();
  await db.schema
    .createIndex("review_assignment_edition_idx")
    .on("review_assignment")
    .columns(["edition_year", "submission_id"])
    .execute();

  await db.schema
    .createTable("review")
    .addColumn("assignment_id", "text", (column) =>
      column.primaryKey().references("review_assignment.id").onDelete("cascade"),
    )
    .addColumn("merit", "integer")
    .addColumn("confidence", "integer")
    .addColumn("comments_to_authors", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("comments_to_committee", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addColumn("submitted_at", "varchar(32)")
    .execute();

  await db.schema
    .createTable("review_conflict")
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("reviewer_id", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("declared_at", "varchar(32)", (column) => column.notNull())
    .addPrimaryKeyConstraint("review_conflict_pk", ["submission_id", "reviewer_id"])
    .execute();

  await db.schema
    .createTable("review_settings")
    .addColumn("edition_year", "integer", (column) => column.primaryKey())
    .addColumn("is_open", types.boolean, (column) => column.notNull())
    .addColumn("closes_at", "varchar(32)")
    .addColumn("others_visibility", "varchar(32)", (column) => column.notNull())
    .addColumn("can_self_assign", types.boolean, (column) => column.notNull())
    // JSON arrays of { value, label }, lowest first.
    .addColumn("merit_scale", "text", (column) => column.notNull())
    .addColumn("confidence_scale", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) => column.notNull())
    .addColumn("updated_by", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("review_settings").execute();
  await db.schema.dropTable("review_conflict").execute();
  await db.schema.dropTable("review").execute();
  await db.schema.dropTable("review_assignment").execute();
  await db.schema.dropTable("reviewer").execute();
  await db.schema.dropTable("submission_number").execute();
  await db.schema.dropIndex("submission_edition_number_idx").execute();
  await db.schema.alterTable("submission").dropColumn("number").execute();
}
