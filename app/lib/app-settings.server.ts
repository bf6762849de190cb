import type { Kysely } from "kysely";
import { preparedQuery } from "./db/prepared-query.server";
import type { Database } from "./db/schema";

// The published content's revision is read on every request: compiled once per database handle.
const readSettingRows = preparedQuery((db, { key }: { key: string }) =>
  db.selectFrom("app_setting").select("value").where("key", "=", key),
);

/** Site-wide settings changed at run time, one text value per key (`app_setting`). */
export async function readAppSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const [row] = await readSettingRows(db, { key });
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
