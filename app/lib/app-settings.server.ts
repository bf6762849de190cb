import type { Kysely } from "kysely";
import type { Database } from "./db/schema";

/** Site-wide settings changed at run time, one text value per key (`app_setting`). */
export async function readAppSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db
    .selectFrom("app_setting")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value ?? null;
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
