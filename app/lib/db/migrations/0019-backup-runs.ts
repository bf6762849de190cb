import { type Kysely, sql } from "kysely";

/**
 * Each backup this installation made or is making, scheduled or by command: when, where to, how big,
 * and how it ended. The status page reads the latest; the schedule reads it to know when the next is
 * due. At most one row is `running` (a unique partial index), which is how several servers take turns:
 * the one whose insert succeeds makes the backup. `heartbeat_at` is renewed while it runs, so a row
 * left running by a killed process is recognised and marked interrupted. Times are ISO-8601 text.
 * A restore does not copy this table: a restored site starts its own history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backup_run")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("trigger", "varchar(16)", (column) => column.notNull())
    .addColumn("state", "varchar(16)", (column) => column.notNull())
    .addColumn("host", "text", (column) => column.notNull())
    .addColumn("started_at", "varchar(32)", (column) => column.notNull())
    .addColumn("heartbeat_at", "varchar(32)", (column) => column.notNull())
    .addColumn("finished_at", "varchar(32)")
    .addColumn("file", "text")
    .addColumn("bytes", "bigint")
    .addColumn("tables", "integer")
    .addColumn("rows", "integer")
    .addColumn("files", "integer")
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("backup_run_one_running")
    .on("backup_run")
    .column("state")
    .unique()
    .where(sql.ref("state"), "=", sql.lit("running"))
    .execute();
  await db.schema.createIndex("backup_run_started").on("backup_run").column("started_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("backup_run").execute();
}
