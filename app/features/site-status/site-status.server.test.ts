import { describe, expect, it } from "vitest";
import type { BackupRun } from "~/lib/backup/backup-runs.server";
import { backupAlert, diskAlert } from "./site-status.server";

const now = new Date("2026-11-26T12:00:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

function run(
  state: BackupRun["state"],
  startedHoursAgo: number,
  error: string | null = null,
): BackupRun {
  return {
    id: `${state}-${startedHoursAgo}`,
    trigger: "schedule",
    state,
    host: "host:1",
    started_at: hoursAgo(startedHoursAgo),
    heartbeat_at: hoursAgo(startedHoursAgo),
    finished_at: hoursAgo(startedHoursAgo),
    file: "/backups/site-backup.tar.gz",
    bytes: 1000,
    tables: 30,
    rows: 100,
    files: 10,
    error,
  };
}

describe("the admin area's backup notice", () => {
  it("is silent while the last good backup is within the interval and an hour", () => {
    const good = run("succeeded", 24.5);
    expect(
      backupAlert({ lastGood: good, latest: good, intervalHours: 24, siteStartedAt: null, now }),
    ).toBeNull();
  });

  it("says how old the last good backup is once the schedule is late", () => {
    const good = run("succeeded", 30);
    expect(
      backupAlert({ lastGood: good, latest: good, intervalHours: 24, siteStartedAt: null, now })
        ?.text,
    ).toBe(
      "The last good backup is 30 hours old. Run npm run backup on the server, and check the status page.",
    );
  });

  it("gives a new site ten minutes for its first backup, then says there is none", () => {
    const input = { lastGood: undefined, latest: undefined, intervalHours: 24, now };
    expect(backupAlert({ ...input, siteStartedAt: hoursAgo(0.1) })).toBeNull();
    expect(backupAlert({ ...input, siteStartedAt: hoursAgo(0.5) })?.text).toMatch(
      /^No backup of the site has been made yet\./,
    );
  });

  it("passes on the last run's failure", () => {
    expect(
      backupAlert({
        lastGood: run("succeeded", 2),
        latest: run("failed", 1, "ENOSPC: no space left on device"),
        intervalHours: 24,
        siteStartedAt: null,
        now,
      })?.text,
    ).toBe(
      "The last backup failed: ENOSPC: no space left on device. Fix the cause, then run npm run backup on the server.",
    );
  });

  it("with the schedule off, allows a week and says the schedule is off", () => {
    const input = { latest: undefined, intervalHours: 0, siteStartedAt: null, now };
    expect(backupAlert({ ...input, lastGood: run("succeeded", 24 * 6) })).toBeNull();
    expect(backupAlert({ ...input, lastGood: run("succeeded", 24 * 8) })?.text).toBe(
      "The last good backup is 8 days old. Scheduled backups are off (BACKUP_INTERVAL_HOURS=0). Run npm run backup on the server, and check the status page.",
    );
  });
});

describe("the admin area's disk notice", () => {
  const disk = (freeGb: number, totalGb: number) => ({
    folder: "/srv/data",
    freeBytes: freeGb * 1024 ** 3,
    totalBytes: totalGb * 1024 ** 3,
    device: 1,
  });

  it("warns under 10% or 1 GB free, not otherwise", () => {
    expect(diskAlert(disk(20, 100))).toBeNull();
    expect(diskAlert(disk(5, 100))?.text).toBe(
      "The disk holding /srv/data is nearly full: 5.0 GB free of 100.0 GB (5%). Uploads and backups fail when it is full: remove old files or give it more space.",
    );
    expect(diskAlert(disk(0.5, 4))?.text).toMatch(/0\.5 GB free of 4\.0 GB \(13%\)/);
    expect(diskAlert(null)).toBeNull();
  });
});
