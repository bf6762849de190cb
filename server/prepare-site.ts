import os from "node:os";
import { resolveAuthSecret } from "~/features/accounts/auth-secret.server";
import { mediaFileOwner } from "~/features/content-media/media-records.server";
import { finalMaterialFileOwner } from "~/features/presenters/final-material-storage.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { abstractFileOwner } from "~/features/submissions/submission-files.server";
import { startBackupSchedule } from "~/lib/backup/backup-runs.server";
import { siteLocationFromEnv } from "~/lib/backup/site-archive.server";
import { prepareDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { releaseLeasesOfDeadSenders } from "~/lib/mail/outbox.server";
import { isProcessAlive } from "~/lib/process-alive.server";
import { sweepOrphanedFiles } from "~/lib/storage/orphan-sweep.server";

// Kept apart from server/app-server.ts so that the supervisor loads only this and what it imports,
// not Express, React, React Router, better-auth and the pages.
/**
 * What runs once per start, before any request is served (in the supervisor, or in the one development
 * process): configuration is validated, the database migrated, the auth secret generated if needed, and
 * files left by interrupted uploads removed, so a misconfigured server stops at start with a clear message
 * instead of failing per request. Several processes racing through migrations is what this avoids.
 */
export async function prepareSite(): Promise<{ close: () => Promise<void> }> {
  const env = getEnv();
  const logger = getLogger();
  const { handle: database, applied } = await prepareDatabase();
  logger.info(
    { dialect: database.dialect, applied },
    applied.length ? "database migrated" : "database up to date",
  );
  resolveAuthSecret(env, logger);
  const submissionDeps = getSubmissionDependencies();
  logger.info({ storage: submissionDeps.storage.describe() }, "file storage");
  // Before any worker starts: temporary files of uploads a crash cut off (the storage driver spares
  // uploads of other live processes), then stored files no row references (older than an hour, so the
  // sweep may go on while workers serve).
  await submissionDeps.storage.removeInterruptedUploads().then(
    (removed) => {
      if (removed) logger.info({ removed }, "removed temporary files of interrupted uploads");
    },
    (error: unknown) => logger.error({ err: error }, "removing interrupted uploads failed"),
  );
  // Mail a killed process had claimed goes out again now rather than when its lease runs out.
  await releaseLeasesOfDeadSenders(database.db, {
    host: os.hostname(),
    isAlive: isProcessAlive,
  }).then(
    (released) => {
      if (released) logger.info({ released }, "mail claimed by a stopped process is queued again");
    },
    (error: unknown) =>
      logger.error({ err: error }, "releasing mail claimed by stopped processes failed"),
  );
  // The features whose rows reference stored files: abstracts, presenters' final materials, and the
  // content's media (whose folder also holds uploads being processed, removed when a crash left them).
  const owners = [
    abstractFileOwner(submissionDeps.db),
    finalMaterialFileOwner(submissionDeps.db),
    mediaFileOwner(submissionDeps.db),
  ];
  const sweeping = sweepOrphanedFiles(submissionDeps, owners).catch((error: unknown) =>
    logger.error({ err: error }, "sweeping orphaned upload files failed"),
  );
  // Scheduled backups run here, beside the workers rather than in them; the backup_run table makes
  // several servers take turns.
  const backups =
    env.backup.intervalHours > 0
      ? startBackupSchedule({
          db: database.db,
          site: siteLocationFromEnv(env, submissionDeps.storage),
          settings: env.backup,
          logger,
        })
      : null;
  return {
    close: async () => {
      await backups?.stop();
      await sweeping;
      await database.close();
    },
  };
}
