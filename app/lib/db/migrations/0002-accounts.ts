import { type Kysely, sql } from "kysely";
import { columnTypes } from "./dialect";

/**
 * better-auth's tables (user, session, account, verification) keep its own names and camelCase columns,
 * so its adapter needs no field mapping; the project's own tables are snake_case. The user row also
 * carries the profile: first and last name, the role, and whether the profile was completed (set by
 * registration and by /complete-profile, never by signing in with Google alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("emailVerified", types.boolean, (column) => column.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", types.timestamp, (column) => column.notNull())
    .addColumn("updatedAt", types.timestamp, (column) => column.notNull())
    .addColumn("firstName", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("lastName", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("role", "text", (column) => column.notNull().defaultTo("user"))
    .addColumn("profileCompleted", types.boolean, (column) =>
      column.notNull().defaultTo(sql.raw(types.false)),
    )
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("expiresAt", types.timestamp, (column) => column.notNull())
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("createdAt", types.timestamp, (column) => column.notNull())
    .addColumn("updatedAt", types.timestamp, (column) => column.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("session_user_id_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("accountId", "text", (column) => column.notNull())
    .addColumn("providerId", "text", (column) => column.notNull())
    .addColumn("userId", "text", (column) =>
      column.notNull().references("user.id").onDelete("cascade"),
    )
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", types.timestamp)
    .addColumn("refreshTokenExpiresAt", types.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", types.timestamp, (column) => column.notNull())
    .addColumn("updatedAt", types.timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex("account_user_id_idx").on("account").column("userId").execute();
  // An external identity (Google's subject) belongs to exactly one account.
  await db.schema
    .createIndex("account_provider_subject_idx")
    .on("account")
    .columns(["providerId", "accountId"])
    .unique()
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("identifier", "text", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addColumn("expiresAt", types.timestamp, (column) => column.notNull())
    .addColumn("createdAt", types.timestamp, (column) => column.notNull().defaultTo(now))
    .addColumn("updatedAt", types.timestamp, (column) => column.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  // Every admin action (admin grants and revocations, decisions, releases, exports, the call for
  // abstracts): who did what to whom, and when.
  await db.schema
    .createTable("admin_audit")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("action", "varchar(40)", (column) => column.notNull())
    .addColumn("target_user_id", "text")
    .addColumn("target_email", "text")
    .addColumn("details", "text")
    .addColumn("actor_user_id", "text")
    .addColumn("actor_label", "text", (column) => column.notNull())
    .addColumn("created_at", "varchar(32)", (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex("admin_audit_created_at_idx")
    .on("admin_audit")
    .column("created_at")
    .execute();

  // Fixed-window counters shared by every server process (sign-in, sign-up, reset, resend).
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

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limit", "admin_audit", "verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
