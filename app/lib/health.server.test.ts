import { afterEach, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabaseTargets } from "../../tests/support/test-databases";
import { migrateDown, migrateToLatest, openDatabase } from "./db/database.server";
import { checkHealth } from "./health.server";

for (const target of testDatabaseTargets()) {
  describe(`checkHealth on ${target.name}`, () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.dispose();
      database = undefined;
    });

    it("is ok when the database answers and every migration is applied", async () => {
      database = await target.open();
      await migrateToLatest(database);
      const report = await checkHealth(database);
      expect(report.status).toBe("ok");
      expect(report.database).toMatchObject({
        status: "ok",
        dialect: target.name,
        migrationsPending: 0,
      });
    });

    it("reports an error while migrations are pending", async () => {
      database = await target.open();
      await migrateToLatest(database);
      await migrateDown(database);
      const report = await checkHealth(database);
      expect(report.status).toBe("error");
      expect(report.database.migrationsPending).toBe(1);
    });

    it("reports an error, without throwing, when the database is unreachable", async () => {
      const unreachable =
        target.name === "sqlite"
          ? await target.open().then(async (handle) => {
              await handle.dispose();
              return handle;
            })
          : // Nothing listens on port 1: the connection is refused.
            openDatabase({ dialect: "postgres", connectionString: "postgres://x@127.0.0.1:1/x" });
      const report = await checkHealth(unreachable);
      expect(report).toEqual({
        status: "error",
        database: { status: "error", dialect: target.name },
      });
      if (target.name === "postgres") await unreachable.close();
    });

    // SQLite calls are synchronous and cannot hang part-way; a PostgreSQL server can.
    it.runIf(target.name === "postgres")(
      "reports an error within its time limit when the database does not answer",
      async () => {
        const handle = await target.open({ maxConnections: 1 });
        database = handle;
        await migrateToLatest(handle);
        // Hold the pool's only connection, so the health check's query has to wait.
        await handle.db.connection().execute(async () => {
          const started = performance.now();
          const report = await checkHealth(handle, 300);
          expect(report.status).toBe("error");
          expect(performance.now() - started).toBeLessThan(2_000);
        });
      },
    );
  });
}
