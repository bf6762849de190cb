import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../tests/support/test-databases";
import { migrateDown, openDatabase } from "./db/database.server";
import { checkHealth } from "./health.server";

for (const target of testDatabaseTargets()) {
  describe(`checkHealth on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("is ok when the database answers and every migration is applied", async () => {
      const report = await checkHealth(await databases.openMigrated());
      expect(report.status).toBe("ok");
      expect(report.database).toMatchObject({
        status: "ok",
        dialect: target.name,
        migrationsPending: 0,
      });
    });

    it("reports an error while migrations are pending", async () => {
      const database = await databases.openMigrated();
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
        const database = await databases.openMigrated({ maxConnections: 1 });
        // Hold the pool's only connection, so the health check's query has to wait.
        await database.db.connection().execute(async () => {
          const started = performance.now();
          const report = await checkHealth(database, 300);
          expect(report.status).toBe("error");
          expect(performance.now() - started).toBeLessThan(2_000);
        });
      },
    );
  });
}
