import path from "node:path";
import { type DatabaseHandle, openDatabase } from "~/lib/db/database.server";
import type { TestDatabase, testDatabaseTargets } from "../../support/test-databases";
import { type ProductionServer, startProductionServer } from "./production-server";

type Target = ReturnType<typeof testDatabaseTargets>[number];

export type TargetServer = {
  server: ProductionServer;
  /** The server's database, opened from the test for setting up and counting. */
  handle: DatabaseHandle;
  /** The PostgreSQL address the server uses (undefined on SQLite, whose file is in its data folder). */
  databaseUrl: string | undefined;
  stop: () => Promise<void>;
};

/**
 * The production server with 2 workers on the target's database: SQLite in the server's data folder,
 * or a PostgreSQL schema of its own (dropped by `stop`).
 */
export async function startServerOnTarget(
  target: Target,
  env: Record<string, string> = {},
): Promise<TargetServer> {
  const serverEnv: Record<string, string> = { WEB_CONCURRENCY: "2", ...env };
  let database: TestDatabase | undefined;
  if (target.name === "postgres") {
    database = await target.open();
    if (database.client.dialect === "postgres") {
      const pool = database.client.pool as unknown as { options: { connectionString: string } };
      serverEnv.DATABASE_URL = pool.options.connectionString;
    }
  }
  const server = await startProductionServer({ env: serverEnv });
  const handle =
    database ?? openDatabase({ dialect: "sqlite", filename: path.join(server.dataDir, "app.db") });
  return {
    server,
    handle,
    databaseUrl: serverEnv.DATABASE_URL,
    stop: async () => {
      await server.stop();
      if (database) await database.dispose();
      else await handle.close();
    },
  };
}
