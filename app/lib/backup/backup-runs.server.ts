import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { BackupRunTable, Database } from "../db/schema";
import { type BackupSummary, type SiteLocation, writeBackup } from "./site-archive.server";

/** A running backup renews its row this often; one not renewed for `staleAfterMs` was interrupted. */
const heartbeatMs = 30_000;
const staleAfterMs = 5 * 60_000;

export type BackupRun = BackupRunTable;

export type BackupSettings = {
  /** Where archives go (BACKUP_DIR, else DATA_DIR/backups). */
  folder: string;
  /** How many archives to keep; older ones are removed after a successful backup. */
  keep: number;
  /** Hours between scheduled backups; 0 turns the schedule off. */
  intervalHours: number;
};

/** Marks a running row whose process stopped renewing it as interrupted. */
async function endStaleRuns(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable("backup_run")
    .set({
      state: "failed",
      finished_at: now.toISOString(),
      error: "Interrupted: the process making it stopped before it finished.",
    })
    .where("state", "=", "running")
    .where("heartbeat_at", "<", new Date(now.getTime() - staleAfterMs).toISOString())
    .execute();
}

/**
 * Takes the one running slot, or answers null when another backup (on any server) holds it. The unique
 * partial index on `state = 'running'` decides between servers that try at the same moment.
 */
export async function claimBackupRun(
  db: Kysely<Database>,
  input: { trigger: BackupRunTable["trigger"]; now?: Date },
): Promise<string | null> {
  const now = input.now ?? new Date();
  await endStaleRuns(db, now);
  const id = crypto.randomUUID();
  try {
    await db
      .insertInto("backup_run")
      .values({
        id,
        trigger: input.trigger,
        state: "running",
        host: `${os.hostname()}:${process.pid}`,
        started_at: now.toISOString(),
        heartbeat_at: now.toISOString(),
      })
      .execute();
    return id;
  } catch (error) {
    const isRunning = await db
      .selectFrom("backup_run")
      .select("id")
      .where("state", "=", "running")
      .executeTakeFirst();
    if (isRunning) return null;
    throw error;
  }
}

export async function latestBackupRuns(db: Kysely<Database>, limit = 10): Promise<BackupRun[]> {
  return db
    .selectFrom("backup_run")
    .selectAll()
    .orderBy("started_at", "desc")
    .limit(limit)
    .execute();
}

export async function lastSuccessfulBackup(db: Kysely<Database>): Promise<BackupRun | undefined> {
  return db
    .selectFrom("backup_run")
    .selectAll()
    .where("state", "=", "succeeded")
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Removes the oldest archives beyond `keep`, and pieces a killed backup left (over an hour old). */
export async function pruneBackupFolder(
  folder: string,
  keep: number,
  now = new Date(),
): Promise<string[]> {
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  const archives = names.filter((name) => /^site-backup-.*\.tar\.gz$/.test(name)).sort();
  for (const name of archives.slice(0, Math.max(0, archives.length - keep))) {
    await fsp.rm(path.join(folder, name), { force: true });
    removed.push(name);
  }
  for (const name of names) {
    if (!name.endsWith(".partial") && !name.startsWith(".backup-tables-")) continue;
    const full = path.join(folder, name);
    const stat = await fsp.stat(full).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > 60 * 60_000) {
      await fsp.rm(full, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

export type BackupRunOutcome =
  | { ok: true; summary: BackupSummary; removed: string[] }
  | { ok: false; reason: "busy" }
  | { ok: false; reason: "failed"; error: unknown };

/**
 * One backup, recorded: claims the running slot, writes the archive while renewing the claim, records
 * the result (or the error), and removes archives beyond `keep`.
 */
export async function runRecordedBackup(
  db: Kysely<Database>,
  site: SiteLocation,
  settings: Pick<BackupSettings, "folder" | "keep">,
  trigger: BackupRunTable["trigger"],
): Promise<BackupRunOutcome> {
  const id = await claimBackupRun(db, { trigger });
  if (!id) return { ok: false, reason: "busy" };
  const heartbeat = setInterval(() => {
    void db
      .updateTable("backup_run")
      .set({ heartbeat_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute()
      .catch(() => undefined);
  }, heartbeatMs);
  heartbeat.unref();
  try {
    const summary = await writeBackup(site, settings.folder);
    await db
      .updateTable("backup_run")
      .set({
        state: "succeeded",
        finished_at: new Date().toISOString(),
        file: summary.file,
        bytes: summary.bytes,
        tables: summary.tables,
        rows: summary.rows,
        files: summary.files,
      })
      .where("id", "=", id)
      .execute();
    const removed = await pruneBackupFolder(settings.folder, settings.keep);
    return { ok: true, summary, removed };
  } catch (error) {
    await db
      .updateTable("backup_run")
      .set({
        state: "failed",
        finished_at: new Date().toISOString(),
        error: error instanceof Error ? error.message : String(error),
      })
      .where("id", "=", id)
      .execute()
      .catch(() => undefined);
    return { ok: false, reason: "failed", error };
  } finally {
    clearInterval(heartbeat);
  }
}

/** When the next scheduled backup is due: at once when there has never been a good one. */
export function nextBackupDue(last: BackupRun | undefined, intervalHours: number): Date {
  if (!last) return new Date(0);
  return new Date(new Date(last.started_at).getTime() + intervalHours * 60 * 60_000);
}

/**
 * The supervisor's schedule: looks once a minute (the first look a minute after start, when the workers
 * serve) and makes a backup when the last good one is older than the interval. Across servers the
 * running slot makes them take turns; a failed backup is tried again at the next look after 15 minutes.
 */
export function startBackupSchedule(input: {
  db: Kysely<Database>;
  site: SiteLocation;
  settings: BackupSettings;
  logger: Pick<Logger, "info" | "error">;
  lookEveryMs?: number;
}): { stop: () => Promise<void> } {
  const { db, site, settings, logger } = input;
  const lookEveryMs = input.lookEveryMs ?? 60_000;
  let current: Promise<void> = Promise.resolve();
  let lastFailureAt = 0;
  let isStopped = false;
  const look = async () => {
    const now = Date.now();
    if (now - lastFailureAt < 15 * 60_000) return;
    const due = nextBackupDue(await lastSuccessfulBackup(db), settings.intervalHours);
    if (due.getTime() > now) return;
    const outcome = await runRecordedBackup(db, site, settings, "schedule");
    if (outcome.ok) {
      logger.info(
        { file: outcome.summary.file, bytes: outcome.summary.bytes, removed: outcome.removed },
        "scheduled backup written",
      );
    } else if (outcome.reason === "failed") {
      lastFailureAt = Date.now();
      logger.error({ err: outcome.error }, "scheduled backup failed");
    }
  };
  const timer = setInterval(() => {
    if (isStopped) return;
    current = current.then(look).catch((error: unknown) => {
      lastFailureAt = Date.now();
      logger.error({ err: error }, "the backup schedule could not run");
    });
  }, lookEveryMs);
  timer.unref();
  return {
    // A backup in progress is not waited for long: its row goes stale and is marked interrupted, and
    // its partial file is removed by a later backup.
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await Promise.race([current, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
  };
}
