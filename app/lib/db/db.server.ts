import { getEnv } from "../env.server";
import { singleton } from "../singleton.server";
import { StartupError } from "../startup-error";
import {
  type DatabaseHandle,
  databaseOptionsFromEnv,
  describeDatabase,
  migrateToLatest,
  openDatabase,
} from "./database.server";

/** The process's database, configured from the environment (SQLite in DATA_DIR unless DATABASE_URL). */
export function getDatabase(): DatabaseHandle {
  return singleton("database", () => openDatabase(databaseOptionsFromEnv(getEnv())));
}

/**
 * Brings the process's database up to date before the server accepts requests. A database that cannot
 * be reached or migrated stops the start with a message saying which database and what to check.
 */
export async function prepareDatabase(): Promise<{ handle: DatabaseHandle; applied: string[] }> {
  const env = getEnv();
  try {
    const handle = getDatabase();
    return { handle, applied: await migrateToLatest(handle) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint = env.databaseUrl
      ? "Check DATABASE_URL and that the server accepts connections, or unset DATABASE_URL to use the embedded SQLite database."
      : `Check that DATA_DIR (${env.dataDir}) is a folder this process can write to.`;
    throw new StartupError(
      `Cannot prepare the database (${describeDatabase(databaseOptionsFromEnv(env))}): ${reason}\n${hint}`,
      { cause: error },
    );
  }
}
