// Removes uploaded files that no submission references (older than an hour, so uploads in progress are
// safe) and temporary files of uploads a crash cut off (never those of a live server process):
// `npm run sweep`. The server's supervisor also sweeps once at start.
import fs from "node:fs";
import { mediaFileOwner } from "~/features/content-media/media-records.server";
import { finalMaterialFileOwner } from "~/features/presenters/final-material-storage.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { abstractFileOwner } from "~/features/submissions/submission-files.server";
import { prepareDatabase } from "~/lib/db/db.server";
import { sweepOrphanedFiles } from "~/lib/storage/orphan-sweep.server";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const { handle } = await prepareDatabase();
  try {
    const deps = getSubmissionDependencies();
    const { checked, removed, interrupted } = await sweepOrphanedFiles(deps, [
      abstractFileOwner(deps.db),
      finalMaterialFileOwner(deps.db),
      mediaFileOwner(deps.db),
    ]);
    console.log(
      `Checked ${checked} stored files in ${deps.storage.describe()}; removed ${removed.length}, and ${interrupted} temporary files of interrupted uploads.`,
    );
    for (const key of removed) console.log(`  removed ${key}`);
  } finally {
    await handle.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const isStartupError = error instanceof Error && "isStartupError" in error;
    console.error(isStartupError ? error.message : error);
    process.exit(1);
  },
);
