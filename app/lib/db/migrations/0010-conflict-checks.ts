import type { Kysely } from "kysely";

/**
 * Conflicts nobody can forge (issue 22):
 * - `review_conflict_resolution`: an admin's answer to a likely conflict (a reviewer whose name matches
 *   an author's, or whose address a submitter typed for a co-author with another name): "confirmed"
 *   keeps the pair apart like a declared conflict, "dismissed" lets it be assigned and hides it. The
 *   reason shown when it was resolved is kept for the record.
 * - `review_declaration`: when a reviewer declared "I have no conflict of interest with this abstract";
 *   the PDF opens only after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("review_conflict_resolution")
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("reviewer_id", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("resolution", "varchar(16)", (column) => column.notNull())
    .addColumn("reason", "text", (column) => column.notNull())
    .addColumn("resolved_by", "text")
    .addColumn("resolved_at", "varchar(32)", (column) => column.notNull())
    .addPrimaryKeyConstraint("review_conflict_resolution_pk", ["submission_id", "reviewer_id"])
    .execute();
  await db.schema
    .createTable("review_declaration")
    .addColumn("submission_id", "text", (column) =>
      column.notNull().references("submission.id").onDelete("cascade"),
    )
    .addColumn("reviewer_id", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("declared_at", "varchar(32)", (column) => column.notNull())
    .addPrimaryKeyConstraint("review_declaration_pk", ["submission_id", "reviewer_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("review_declaration").execute();
  await db.schema.dropTable("review_conflict_resolution").execute();
}
