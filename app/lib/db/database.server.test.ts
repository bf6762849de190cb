import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import {
  databaseOptionsFromEnv,
  listAppliedMigrations,
  migrateDown,
  migrateToLatest,
} from "./database.server";
import { migrations } from "./migrations/index";

const allMigrations = Object.keys(migrations);

describe("databaseOptionsFromEnv", () => {
  it("uses the SQLite file in DATA_DIR when no DATABASE_URL is set", () => {
    expect(databaseOptionsFromEnv({ databaseUrl: undefined, dataDir: "/srv/data" })).toEqual({
      dialect: "sqlite",
      filename: "/srv/data/app.db",
    });
  });

  it("uses PostgreSQL when DATABASE_URL is a postgres URL", () => {
    const url = "postgres://app@db.internal:5432/site";
    expect(databaseOptionsFromEnv({ databaseUrl: url, dataDir: "/srv/data" })).toEqual({
      dialect: "postgres",
      connectionString: url,
    });
    expect(
      databaseOptionsFromEnv({
        databaseUrl: url,
        dataDir: "/srv/data",
        databasePool: { size: 4, timeoutMs: 800 },
      }),
    ).toEqual({
      dialect: "postgres",
      connectionString: url,
      maxConnections: 4,
      connectionTimeoutMs: 800,
    });
  });
});

for (const target of testDatabaseTargets()) {
  describe(`migrations on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("applies every migration to an empty database, then has nothing left to do", async () => {
      const database = await databases.open();
      expect(await migrateToLatest(database)).toEqual(allMigrations);
      expect(await listAppliedMigrations(database.db)).toEqual(allMigrations);
      expect(await migrateToLatest(database)).toEqual([]);
    });

    it("creates tables that store and read rows the same way on both dialects", async () => {
      const { db } = await databases.openMigrated();
      await db.insertInto("app_setting").values({ key: "abstracts.call", value: "open" }).execute();
      const row = await db
        .selectFrom("app_setting")
        .selectAll()
        .where("key", "=", "abstracts.call")
        .executeTakeFirstOrThrow();
      expect(row.value).toBe("open");
      expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}/);
      await expect(
        db.insertInto("app_setting").values({ key: "abstracts.call", value: "x" }).execute(),
      ).rejects.toThrow();
    });

    // Regression: Kysely looked for its bookkeeping tables in every PostgreSQL schema, so a second
    // schema on the same server found the first one's and never created its own.
    it.runIf(target.name === "postgres")(
      "migrates a schema when another schema on the server is already migrated",
      async () => {
        await databases.openMigrated();
        const database = await databases.open();
        expect(await migrateToLatest(database)).toEqual(allMigrations);
        expect(await listAppliedMigrations(database.db)).toEqual(allMigrations);
      },
    );

    it("rolls every migration back, newest first, to an empty schema", async () => {
      const database = await databases.openMigrated();
      for (let remaining = allMigrations.length; remaining > 0; remaining--) {
        await migrateDown(database);
      }
      expect(await listAppliedMigrations(database.db)).toEqual([]);
      // Queried rather than introspected: PostgreSQL introspection lists every schema's tables.
      await expect(database.db.selectFrom("app_setting").selectAll().execute()).rejects.toThrow(
        /app_setting/,
      );
    });
  });
}

describe("SQLite connection settings", () => {
  const sqlite = testDatabaseTargets().find((target) => target.name === "sqlite");
  if (!sqlite) throw new Error("SQLite target missing");
  const databases = useTestDatabases(sqlite);

  it("turns on WAL, full sync, a busy timeout and foreign keys", async () => {
    const { db } = await databases.open();
    const pragma = async (name: string) => {
      const result = await sql.raw(`pragma ${name}`).execute(db);
      return Object.values(result.rows[0] as Record<string, unknown>)[0];
    };
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(2); // FULL
    expect(await pragma("busy_timeout")).toBe(5000);
    expect(await pragma("foreign_keys")).toBe(1);
  });
});
