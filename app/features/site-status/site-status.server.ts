import fsp from "node:fs/promises";
import type { Kysely } from "kysely";
import {
  type BackupRun,
  lastSuccessfulBackup,
  latestBackupRuns,
} from "~/lib/backup/backup-runs.server";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import type { Env } from "~/lib/env.server";
import { formatBytes } from "~/lib/format-bytes";
import { type LoggedError, recentLoggedErrors } from "~/lib/logger.server";
import { inspectionLoad } from "~/lib/pdf/inspect-pdf.server";
import { siteVersion } from "~/lib/site-version.server";

/** Under this share of the disk free, or this many bytes, the admin area warns. */
export const diskWarning = { share: 0.1, bytes: 1024 ** 3 };
/** With the schedule off, a backup older than this is worth a warning. */
const unscheduledBackupAgeMs = 7 * 24 * 60 * 60_000;
/** A site this young may not have made its first scheduled backup yet. */
const firstBackupGraceMs = 10 * 60_000;

export type DiskSpace = { folder: string; freeBytes: number; totalBytes: number; device: number };

export type OperationsAlert = { kind: "backup" | "disk"; text: string };

export type SiteStatus = {
  version: string | null;
  commit: string | null;
  startedAt: string | null;
  workers: number;
  worker: { pid: number; startedAt: string };
  database: "SQLite" | "PostgreSQL";
  storage: string;
  disk: DiskSpace | null;
  backupDisk: DiskSpace | null;
  backups: {
    intervalHours: number;
    folder: string;
    keep: number;
    recent: BackupRun[];
    lastGood: BackupRun | null;
  };
  mail: { queued: number; sending: number; failed: number; oldestWaitingAt: string | null };
  pdf: { running: number; waiting: number };
  errors: LoggedError[];
  alerts: OperationsAlert[];
};

export type StatusDependencies = {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  env: Pick<Env, "dataDir" | "backup" | "webConcurrency">;
  storageDescription: string;
  now?: Date;
};

export async function readDiskSpace(folder: string): Promise<DiskSpace | null> {
  try {
    const [stats, entry] = await Promise.all([fsp.statfs(folder), fsp.stat(folder)]);
    return {
      folder,
      freeBytes: stats.bavail * stats.bsize,
      totalBytes: stats.blocks * stats.bsize,
      device: entry.dev,
    };
  } catch {
    return null;
  }
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

export function diskAlert(disk: DiskSpace | null): OperationsAlert | null {
  if (!disk || disk.totalBytes === 0) return null;
  const share = disk.freeBytes / disk.totalBytes;
  if (share >= diskWarning.share && disk.freeBytes >= diskWarning.bytes) return null;
  return {
    kind: "disk",
    text: `The disk holding ${disk.folder} is nearly full: ${gigabytes(disk.freeBytes)} free of ${gigabytes(disk.totalBytes)} (${Math.round(share * 100)}%). Uploads and backups fail when it is full: remove old files or give it more space.`,
  };
}

const hoursText = (ms: number) => {
  const hours = ms / (60 * 60_000);
  return hours < 48 ? `${Math.round(hours)} hours` : `${Math.round(hours / 24)} days`;
};

/**
 * Whether backups need someone: the last good backup is older than the schedule allows (the interval and
 * an hour), there is none once the site has run ten minutes, or the latest run failed. With the schedule
 * off, a week without a backup is the limit.
 */
export function backupAlert(input: {
  lastGood: BackupRun | undefined;
  latest: BackupRun | undefined;
  intervalHours: number;
  siteStartedAt: string | null;
  now: Date;
}): OperationsAlert | null {
  const { lastGood, latest, intervalHours, now } = input;
  if (latest?.state === "failed") {
    return {
      kind: "backup",
      text: `The last backup failed: ${latest.error ?? "no reason was recorded"}. Fix the cause, then run npm run backup on the server.`,
    };
  }
  const allowedMs = intervalHours > 0 ? (intervalHours + 1) * 60 * 60_000 : unscheduledBackupAgeMs;
  const off = intervalHours > 0 ? "" : " Scheduled backups are off (BACKUP_INTERVAL_HOURS=0).";
  if (!lastGood) {
    const startedAt = input.siteStartedAt ? new Date(input.siteStartedAt).getTime() : 0;
    if (intervalHours > 0 && now.getTime() - startedAt < firstBackupGraceMs) return null;
    return {
      kind: "backup",
      text: `No backup of the site has been made yet.${off} Run npm run backup on the server.`,
    };
  }
  const age = now.getTime() - new Date(lastGood.started_at).getTime();
  if (age <= allowedMs) return null;
  return {
    kind: "backup",
    text: `The last good backup is ${hoursText(age)} old.${off} Run npm run backup on the server, and check the status page.`,
  };
}

let cachedAlerts: { at: number; alerts: OperationsAlert[] } | undefined;

/**
 * What every admin page says about backups and disk space. Read at most once a minute per process: the
 * admin frame asks on every page, and neither changes faster than that matters.
 */
export async function readOperationsAlerts(
  deps: Pick<StatusDependencies, "db" | "env" | "now">,
): Promise<OperationsAlert[]> {
  const now = deps.now ?? new Date();
  if (cachedAlerts && now.getTime() - cachedAlerts.at < 60_000) return cachedAlerts.alerts;
  const [lastGood, latest, disk] = await Promise.all([
    lastSuccessfulBackup(deps.db),
    latestBackupRuns(deps.db, 1).then((rows) => rows[0]),
    readDiskSpace(deps.env.dataDir),
  ]);
  return rememberAlerts(alertsFrom({ lastGood, latest, disk, env: deps.env, now }), now);
}

/** The notices, from the latest runs and the data disk (the status page has read them already). */
function alertsFrom(input: {
  lastGood: BackupRun | undefined;
  latest: BackupRun | undefined;
  disk: DiskSpace | null;
  env: Pick<Env, "backup">;
  now: Date;
}): OperationsAlert[] {
  return [
    backupAlert({
      lastGood: input.lastGood,
      latest: input.latest?.state === "running" ? undefined : input.latest,
      intervalHours: input.env.backup.intervalHours,
      siteStartedAt: process.env.SITE_STARTED_AT ?? null,
      now: input.now,
    }),
    diskAlert(input.disk),
  ].filter((alert): alert is OperationsAlert => alert !== null);
}

function rememberAlerts(alerts: OperationsAlert[], now: Date): OperationsAlert[] {
  cachedAlerts = { at: now.getTime(), alerts };
  return alerts;
}

const workerStartedAt = new Date().toISOString();

export async function readSiteStatus(deps: StatusDependencies): Promise<SiteStatus> {
  const now = deps.now ?? new Date();
  const version = siteVersion();
  const [recent, lastGood, mailRows, oldest, disk, backupDisk] = await Promise.all([
    latestBackupRuns(deps.db, 5),
    lastSuccessfulBackup(deps.db),
    deps.db
      .selectFrom("mail_outbox")
      .select((eb) => ["state", eb.fn.countAll<number | string>().as("count")])
      .where("state", "in", ["queued", "sending", "failed"])
      .groupBy("state")
      .execute(),
    deps.db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.min("created_at").as("at"))
      .where("state", "in", ["queued", "sending"])
      .executeTakeFirst(),
    readDiskSpace(deps.env.dataDir),
    readDiskSpace(deps.env.backup.folder),
  ]);
  const mailCount = (state: string) =>
    Number(mailRows.find((row) => row.state === state)?.count ?? 0);
  // What the page says is what the frame says from now on in this process.
  const alerts = rememberAlerts(
    alertsFrom({ lastGood, latest: recent[0], disk, env: deps.env, now }),
    now,
  );
  return {
    version: version.version,
    commit: version.commit,
    startedAt: process.env.SITE_STARTED_AT ?? null,
    workers: deps.env.webConcurrency,
    worker: { pid: process.pid, startedAt: workerStartedAt },
    database: deps.dialect === "sqlite" ? "SQLite" : "PostgreSQL",
    storage: deps.storageDescription,
    disk,
    // Shown apart only when the backups are on another disk.
    backupDisk: backupDisk && disk && backupDisk.device === disk.device ? null : backupDisk,
    backups: {
      intervalHours: deps.env.backup.intervalHours,
      folder: deps.env.backup.folder,
      keep: deps.env.backup.keep,
      recent,
      lastGood: lastGood ?? null,
    },
    mail: {
      queued: mailCount("queued"),
      sending: mailCount("sending"),
      failed: mailCount("failed"),
      oldestWaitingAt: oldest?.at ? String(oldest.at) : null,
    },
    pdf: inspectionLoad(),
    errors: recentLoggedErrors(),
    alerts,
  };
}

export type BackupRunView = Pick<
  BackupRun,
  "id" | "state" | "trigger" | "file" | "error" | "files" | "rows"
> & { startedText: string; ageText: string; bytesText: string | null };

/** The status as the page shows it: times in the conference's time zone, sizes in words. */
export type SiteStatusView = Omit<SiteStatus, "backups"> & {
  backups: Omit<SiteStatus["backups"], "recent" | "lastGood"> & {
    recent: BackupRunView[];
    lastGood: BackupRunView | null;
  };
  times: {
    now: string;
    startedAt: string | null;
    workerStartedAt: string;
    oldestWaitingAt: string | null;
  };
};

function ageText(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return "under a minute";
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return hoursText(ms);
}

export function toSiteStatusView(status: SiteStatus, now = new Date()): SiteStatusView {
  const runView = (run: BackupRun): BackupRunView => ({
    id: run.id,
    state: run.state,
    trigger: run.trigger,
    file: run.file,
    error: run.error,
    files: run.files,
    rows: run.rows,
    startedText: formatConferenceDateTime(run.started_at),
    ageText: ageText(now.getTime() - new Date(run.started_at).getTime()),
    bytesText: run.bytes === null ? null : formatBytes(Number(run.bytes)),
  });
  return {
    ...status,
    backups: {
      ...status.backups,
      recent: status.backups.recent.map(runView),
      lastGood: status.backups.lastGood ? runView(status.backups.lastGood) : null,
    },
    times: {
      now: formatConferenceDateTime(now.toISOString()),
      startedAt: status.startedAt ? formatConferenceDateTime(status.startedAt) : null,
      workerStartedAt: formatConferenceDateTime(status.worker.startedAt),
      oldestWaitingAt: status.mail.oldestWaitingAt
        ? formatConferenceDateTime(status.mail.oldestWaitingAt)
        : null,
    },
  };
}
