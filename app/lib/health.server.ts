import { type DatabaseHandle, listAppliedMigrations, pingDatabase } from "./db/database.server";
import { migrations } from "./db/migrations/index";

export type HealthReport = {
  status: "ok" | "error";
  database: {
    status: "ok" | "error";
    dialect: DatabaseHandle["dialect"];
    migrationsPending?: number;
    latencyMs?: number;
  };
};

const healthTimeoutMs = 3_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Reports whether the database answers a query and has every migration applied. Never throws and never
 * waits longer than a few seconds, so a load balancer polling it gets an answer even when the database
 * hangs.
 */
export async function checkHealth(
  handle: DatabaseHandle,
  timeoutMs = healthTimeoutMs,
): Promise<HealthReport> {
  const started = performance.now();
  try {
    const applied = await withTimeout(
      pingDatabase(handle.db).then(() => listAppliedMigrations(handle.db)),
      timeoutMs,
    );
    const migrationsPending = Object.keys(migrations).length - applied.length;
    const databaseStatus = migrationsPending === 0 ? "ok" : "error";
    return {
      status: databaseStatus,
      database: {
        status: databaseStatus,
        dialect: handle.dialect,
        migrationsPending,
        latencyMs: Math.round(performance.now() - started),
      },
    };
  } catch {
    return { status: "error", database: { status: "error", dialect: handle.dialect } };
  }
}
