// Copies the embedded database (DATA_DIR/app.db) to PostgreSQL, and with --to-s3 the stored files
// (DATA_DIR/uploads) to the S3 bucket the S3_* settings name; then checks the copy (rows per table,
// every file's SHA-256) and prints the settings to use. The source is only read:
// `npm run move-data -- --to postgres://user@host/db [--to-s3] [--replace]`.
import fs from "node:fs";
import path from "node:path";
import { moveData } from "~/lib/backup/move-data.server";
import { databaseOptionsFromEnv, describeDatabase, openDatabase } from "~/lib/db/database.server";
import { getEnv } from "~/lib/env.server";
import { createLocalFileStorage } from "~/lib/storage/local-file-storage.server";
import { createS3FileStorage } from "~/lib/storage/s3-file-storage.server";
import { count, formatBytes, formatSeconds, loadConfiguration, runCommand } from "./lib/operations";

const usage =
  "Usage: npm run move-data -- --to postgres://user@host/database [--to-s3] [--replace]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const toIndex = args.indexOf("--to");
  const to = toIndex >= 0 ? args[toIndex + 1] : undefined;
  const toS3 = args.includes("--to-s3");
  const replace = args.includes("--replace");
  const known = new Set(["--to", to, "--to-s3", "--replace"]);
  if (!to || !/^postgres(ql)?:\/\//.test(to) || args.some((arg) => !known.has(arg))) {
    console.error(usage);
    return 2;
  }
  loadConfiguration();
  const env = getEnv();
  const source = databaseOptionsFromEnv({ databaseUrl: undefined, dataDir: env.dataDir });
  if (source.dialect !== "sqlite" || !fs.existsSync(source.filename)) {
    console.error(
      `There is no embedded database at ${path.join(env.dataDir, "app.db")}: nothing to move. Set DATA_DIR to the site's data folder.`,
    );
    return 1;
  }
  if (toS3 && !env.s3) {
    console.error(
      "--to-s3 copies the files to the bucket the S3_* settings name: set S3_BUCKET (and S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) first.",
    );
    return 2;
  }
  const targetOptions = { dialect: "postgres" as const, connectionString: to };
  const target = openDatabase(targetOptions);
  const targetStorage = toS3 && env.s3 ? createS3FileStorage(env.s3) : null;
  try {
    console.log(
      `Copying ${describeDatabase(source)} to ${describeDatabase(targetOptions)}${targetStorage ? `, and the files to ${targetStorage.describe()}` : ""} ...`,
    );
    const summary = await moveData({
      source: {
        database: source,
        storage: createLocalFileStorage(path.join(env.dataDir, "uploads")),
      },
      target: { handle: target, storage: targetStorage },
      replace,
      onProgress: (line) => console.log(line),
    });
    console.log(
      `Copied ${summary.tables} tables (${count(summary.rows)} rows)${targetStorage ? ` and ${count(summary.files.copied + summary.files.alreadyThere)} files (${formatBytes(summary.files.bytes)}; ${count(summary.files.alreadyThere)} were already there)` : ""} in ${formatSeconds(summary.durationMs)}. Every count${targetStorage ? " and checksum" : ""} matches. The source was not changed.`,
    );
    console.log(
      "\nTo run the site on the copy, set these (every server the same), then restart it:",
    );
    console.log(`  DATABASE_URL=${to}`);
    if (targetStorage && env.s3) {
      console.log(`  S3_BUCKET=${env.s3.bucket}  (and the other S3_ settings used for this copy)`);
    } else {
      console.log(
        `  (files stay in ${path.join(env.dataDir, "uploads")}: add --to-s3 to move them too)`,
      );
    }
    const secretFile = path.join(env.dataDir, "auth-secret");
    if (!env.authSecret && fs.existsSync(secretFile)) {
      console.log(
        `  BETTER_AUTH_SECRET=${fs.readFileSync(secretFile, "utf8").trim()}  (the secret this site generated: keeps everyone signed in)`,
      );
    }
    return 0;
  } finally {
    await target.close();
  }
}

runCommand(main);
