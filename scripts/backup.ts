// Writes one archive of the whole site while it keeps serving: `npm run backup` (into BACKUP_DIR, by
// default DATA_DIR/backups), or `npm run backup -- --to <folder>`. Recorded like scheduled backups, so
// the admin status page shows it; refused while another backup runs on any server.
import { runRecordedBackup } from "~/lib/backup/backup-runs.server";
import { siteLocationFromEnv } from "~/lib/backup/site-archive.server";
import { prepareDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getFileStorage } from "~/lib/storage/storage.server";
import { count, formatBytes, formatSeconds, loadConfiguration, runCommand } from "./lib/operations";

const usage = "Usage: npm run backup [-- --to <folder>]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let folder: string | undefined;
  if (args[0] === "--to" && args[1] && args.length === 2) folder = args[1];
  else if (args.length) {
    console.error(usage);
    return 2;
  }
  loadConfiguration();
  const env = getEnv();
  const { handle } = await prepareDatabase();
  try {
    const settings = { folder: folder ?? env.backup.folder, keep: env.backup.keep };
    console.log(
      `Backing up ${handle.dialect === "sqlite" ? "the SQLite database" : "PostgreSQL"} and ${getFileStorage().describe()} to ${settings.folder} ...`,
    );
    const outcome = await runRecordedBackup(
      handle.db,
      siteLocationFromEnv(env, getFileStorage()),
      settings,
      "command",
    );
    if (!outcome.ok) {
      if (outcome.reason === "busy") {
        console.error(
          "Another backup is running (scheduled, or on another server). Try again when it has finished.",
        );
        return 1;
      }
      throw outcome.error;
    }
    const { summary } = outcome;
    console.log(
      `Backed up ${summary.tables} tables (${count(summary.rows)} rows) and ${count(summary.files)} files (${formatBytes(summary.fileBytes)}) in ${formatSeconds(summary.durationMs)}.`,
    );
    console.log(`Archive: ${summary.file} (${formatBytes(summary.bytes)})`);
    if (summary.vanishedFiles.length) {
      console.log(
        `${summary.vanishedFiles.length} files were deleted by the site while the backup ran (replaced uploads); they are not in it.`,
      );
    }
    for (const name of outcome.removed) console.log(`Removed an older backup: ${name}`);
    console.log("Keep a copy somewhere else too: a backup on the same disk is lost with the disk.");
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
