// `npm run move-data` on a site with 1,000 accounts and 300 abstracts (their PDFs in DATA_DIR/uploads):
// to a PostgreSQL schema and an S3 server (s3rver), after a run cut off with 50 files already copied.
// Every row count and file digest is checked by the command; the test counts again, and a second run
// on the filled target is refused. The time it takes is in docs/performance.md.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/lib/db/database.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { scratchPostgresSchema } from "../support/postgres-schema";
import { insertTestSubmission } from "../support/review-fixtures";
import { startS3 } from "../support/storage-harness";
import type { TestDatabase } from "../support/test-databases";
import { insertTestUser } from "../support/test-users";
import { reportMeasurement } from "./support/report";

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, "../..");
const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe.skipIf(!postgresUrl)("moving the embedded site to PostgreSQL and S3", () => {
  it("copies 1,000 accounts and 300 abstracts with their files, verified, resuming a cut-off run", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-move-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const source = openDatabase({ dialect: "sqlite", filename: path.join(dataDir, "app.db") });
    await migrateToLatest(source);
    const database = {
      ...source,
      options: undefined,
      dispose: async () => {},
    } as unknown as TestDatabase;
    const local = createLocalFileStorage(path.join(dataDir, "uploads"));
    const keys: string[] = [];
    // One transaction: a thousand synced commits would take longer than the move.
    await source.db.transaction().execute(async (trx) => {
      for (let index = 0; index < 1000; index++) {
        await insertTestUser({ ...database, db: trx } as TestDatabase, {
          id: `user-${index}`,
          email: `person${index}@example.edu`,
        });
      }
    });
    for (let index = 0; index < 300; index++) {
      const userId = `user-${index}`;
      const { id } = await insertTestSubmission(database, { userId, title: `Abstract ${index}` });
      const key = `abstracts/${userId}/${id}.pdf`;
      await local.put(key, Readable.from([crypto.randomBytes(40 * 1024)]), {
        contentType: "application/pdf",
      });
      keys.push(key);
    }
    await source.close();

    const s3 = await startS3();
    cleanups.push(() => s3.close());
    // A run cut off after 50 files: they are in the bucket already.
    for (const key of keys.slice(0, 50)) {
      await s3.storage.put(key, Readable.from([await local.read(key)]), {
        contentType: "application/pdf",
      });
    }
    const scratch = await scratchPostgresSchema(postgresUrl as string, "move");
    cleanups.push(scratch.drop);
    const target = new URL(scratch.url);
    const env = {
      ...process.env,
      NODE_ENV: "production",
      BASE_URL: "http://localhost:3000",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: "move-data-secret-not-for-production-0123456789",
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ENDPOINT: s3.config.endpoint,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    };
    const command = async () => {
      try {
        const { stdout, stderr } = await run(
          path.join(projectRoot, "node_modules/.bin/tsx"),
          ["scripts/move-data.ts", "--to", target.toString(), "--to-s3"],
          { cwd: projectRoot, env },
        );
        return { code: 0, output: stdout + stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, output: failed.stdout + failed.stderr };
      }
    };

    const started = Date.now();
    const moved = await command();
    const ms = Date.now() - started;
    expect(moved.output, moved.output).toMatch(
      /and 300 files \(12 MB; 50 were already there\) in .* Every count and checksum matches\. The source was not changed\./,
    );
    expect(moved.code).toBe(0);
    expect(moved.output).toContain(`DATABASE_URL=${target.toString()}`);
    expect(moved.output).toContain(`S3_BUCKET=${s3.config.bucket}`);

    const check = new pg.Client({ connectionString: target.toString() });
    await check.connect();
    const counts = await check.query<{ users: string; submissions: string }>(
      'select (select count(*) from "user") as users, (select count(*) from submission) as submissions',
    );
    await check.end();
    expect(counts.rows[0]).toEqual({ users: "1000", submissions: "300" });
    const stored: string[] = [];
    for await (const file of s3.storage.list("abstracts/")) stored.push(file.key);
    expect(stored.sort()).toEqual([...keys].sort());

    const again = await command();
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds data .*Nothing was changed/);
    reportMeasurement("move-data: 1,000 accounts, 300 abstracts (12 MB) to PostgreSQL and S3", {
      ms,
    });
  });
});
