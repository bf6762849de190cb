// Restores an archive made by `npm run backup` into the configured site (DATA_DIR, or DATABASE_URL and
// S3 when set): `npm run restore -- <archive> [--replace]`. The whole archive is checked before anything
// is touched; a target that holds data is refused unless --replace. Stop the site first.

import { restoreBackup, siteLocationFromEnv, verifyBackup } from "~/lib/backup/site-archive.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import { count, formatBytes, loadConfiguration, runCommand } from "./lib/operations";

const usage = "Usage: npm run restore -- <archive.tar.gz> [--replace]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const replace = args.includes("--replace");
  const files = args.filter((arg) => arg !== "--replace");
  if (files.length !== 1 || files[0]?.startsWith("--")) {
    console.error(usage);
    return 2;
  }
  const file = files[0] as string;
  loadConfiguration();
  const env = getEnv();
  console.log(`Checking ${file} ...`);
  const manifest = await verifyBackup(file);
  console.log(
    `The backup of ${manifest.createdAt} is complete: ${manifest.tables.length} tables and ${count(manifest.files.length)} files, every checksum right.`,
  );
  const handle = getDatabase();
  try {
    const storage = getFileStorage();
    console.log(
      `Restoring into ${handle.dialect === "sqlite" ? `the SQLite database in ${env.dataDir}` : "PostgreSQL"} and ${storage.describe()} ...`,
    );
    const summary = await restoreBackup(
      file,
      { ...siteLocationFromEnv(env, storage), handle },
      { replace },
    );
    console.log(
      `Restored ${summary.tables} tables (${count(summary.rows)} rows) and ${count(summary.files)} files (${formatBytes(summary.fileBytes)}).`,
    );
    if (summary.removedFiles)
      console.log(`Removed ${summary.removedFiles} stored files the backup does not have.`);
    if (summary.migrationsApplied.length) {
      console.log(
        `Brought the database up to this version: ${summary.migrationsApplied.join(", ")}.`,
      );
    }
    if (summary.authSecret === "restored") {
      console.log("Restored the site's generated secret: everyone stays signed in.");
    } else if (summary.authSecret === "differs") {
      console.log(
        "BETTER_AUTH_SECRET here is not the one the backed-up site used: everyone must sign in again, and mailed links stop working. To avoid that, set the old site's BETTER_AUTH_SECRET.",
      );
    }
    console.log("Start the site to serve the restored data.");
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
