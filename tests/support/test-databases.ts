import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach } from "vitest";
import {
  type DatabaseHandle,
  type DatabaseOptions,
  migrateToLatest,
  openDatabase,
} from "~/lib/db/database.server";

export type TestDatabase = DatabaseHandle & {
  /** How to open the same database again (another connection, another process). */
  options: DatabaseOptions;
  dispose: () => Promise<void>;
};

export type TestDatabaseTarget = {
  name: "sqlite" | "postgres";
  open: (options?: { maxConnections?: number }) => Promise<TestDatabase>;
};

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** A brand-new SQLite file in its own temporary folder. */
async function openSqlite(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-test-"));
  const options = { dialect: "sqlite" as const, filename: path.join(dir, "app.db") };
  const handle = openDatabase(options);
  return {
    ...handle,
    options,
    dispose: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A brand-new, empty schema on the PostgreSQL server, so test files never see each other's rows and
 * nothing is left behind.
 */
async function openPostgres(
  url: string,
  options: { maxConnections?: number } = {},
): Promise<TestDatabase> {
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  const databaseOptions = { dialect: "postgres" as const, connectionString: scoped.toString() };
  const handle = openDatabase({ ...databaseOptions, maxConnections: options.maxConnections });
  return {
    ...handle,
    options: databaseOptions,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/**
 * The databases every server-side test runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set (CI sets it; tests/support/vitest-global-setup.ts says once when it is not).
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: "sqlite", open: openSqlite }];
  if (postgresUrl) {
    targets.push({ name: "postgres", open: (options) => openPostgres(postgresUrl, options) });
  }
  return targets;
}

/**
 * Opens databases for the test that is running and disposes of all of them after it, pass or fail.
 * Call once inside a `describe`; `openMigrated` gives a database with every migration applied.
 */
export function useTestDatabases(target: TestDatabaseTarget) {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.dispose()));
  });
  async function open(options?: { maxConnections?: number }): Promise<TestDatabase> {
    const database = await target.open(options);
    opened.push(database);
    return database;
  }
  async function openMigrated(options?: { maxConnections?: number }): Promise<TestDatabase> {
    const database = await open(options);
    await migrateToLatest(database);
    return database;
  }
  return { open, openMigrated };
}
