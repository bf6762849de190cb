import type { CompiledQuery, Kysely } from "kysely";
import type { Database } from "./db/schema";

/**
 * Each setting's read, compiled once per database handle. The published content's revision is read on
 * every request, and building and compiling the query through Kysely cost about as much as SQLite's
 * answer. The keys are the code's own few names; a transaction's handle is its own entry, dropped with it.
 */
const compiledReads = new WeakMap<
  Kysely<Database>,
  Map<string, CompiledQuery<{ value: string }>>
>();

function compiledRead(db: Kysely<Database>, key: string): CompiledQuery<{ value: string }> {
  let byKey = compiledReads.get(db);
  if (!byKey) {
    byKey = new Map();
    compiledReads.set(db, byKey);
  }
  let query = byKey.get(key);
  if (!query) {
    query = db.selectFrom("app_setting").select("value").where("key", "=", key).compile();
    byKey.set(key, query);
  }
  return query;
}

/** Site-wide settings changed at run time, one text value per key (`app_setting`). */
export async function readAppSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const { rows } = await db.executeQuery(compiledRead(db, key));
  return rows[0]?.value ?? null;
}

/** Sets a setting, inside the caller's transaction when given one. */
export async function writeAppSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("app_setting")
    .values({ key, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}
