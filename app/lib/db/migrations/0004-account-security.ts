import type { Kysely } from "kysely";
import { columnTypes } from "./dialect";

/**
 * Account hardening (issue 10):
 * - `rate_limit` takes the shape rate-limiter-flexible counts in (one row per key: points and the
 *   window's end in epoch milliseconds), replacing the hand-written limiter's table. Old counters are
 *   dropped: they are minutes-long windows, nothing worth keeping.
 * - `user.mailboxConfirmedAt`: when the owner of the address proved they hold the account's credentials
 *   (set a password through a mailed reset link, or signed in with Google on an account without a
 *   password). ADMIN_EMAILS grants the admin role only once it is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  await db.schema.dropTable("rate_limit").execute();
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "varchar(255)", (column) => column.primaryKey())
    .addColumn("points", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
  await db.schema.createIndex("rate_limit_expire_idx").on("rate_limit").column("expire").execute();
  await db.schema.alterTable("user").addColumn("mailboxConfirmedAt", types.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("mailboxConfirmedAt").execute();
  await db.schema.dropTable("rate_limit").execute();
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "varchar(255)", (column) => column.primaryKey())
    .addColumn("count", "integer", (column) => column.notNull())
    .addColumn("expires_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_expires_at_idx")
    .on("rate_limit")
    .column("expires_at")
    .execute();
}
