import { getEnv } from "../env.server";
import { singleton } from "../singleton.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "./database.server";

/** The process's database, configured from the environment (SQLite in DATA_DIR unless DATABASE_URL). */
export function getDatabase(): DatabaseHandle {
  return singleton("database", () => openDatabase(databaseOptionsFromEnv(getEnv())));
}
