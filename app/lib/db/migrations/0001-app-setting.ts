import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("app_setting")
    .addColumn("key", "varchar(100)", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("updated_at", "varchar(32)", (column) =>
      column.notNull().defaultTo(sql`(CURRENT_TIMESTAMP)`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("app_setting").execute();
}
