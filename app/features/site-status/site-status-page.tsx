import type { ReactNode } from "react";
import { Link } from "~/components/link";
import type { BackupRun } from "~/lib/backup/backup-runs.server";
import { formatBytes } from "~/lib/format-bytes";
import type { DiskSpace, OperationsAlert, SiteStatusView } from "./site-status.server";
import "./site-status.css";

function Facts({ children }: { children: ReactNode }) {
  return <dl className="status-facts">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function diskText(disk: DiskSpace | null): string {
  if (!disk) return "Unknown (the folder cannot be read)";
  const share = disk.totalBytes ? Math.round((disk.freeBytes / disk.totalBytes) * 100) : 0;
  return `${formatBytes(disk.freeBytes)} free of ${formatBytes(disk.totalBytes)} (${share}%)`;
}

const backupStates: Record<BackupRun["state"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
};

export function OperationsAlertsNotice({ alerts }: { alerts: OperationsAlert[] }) {
  if (!alerts.length) return null;
  return (
    <section className="message message--error status-notice" aria-label="The site needs attention">
      <p className="status-notice__heading">The site needs attention</p>
      {alerts.map((alert) => (
        <p key={alert.kind}>
          {alert.text} <Link to="/user-data/status">See the site's status</Link>
        </p>
      ))}
    </section>
  );
}

export function SiteStatusPage({ status }: { status: SiteStatusView }) {
  const { backups, mail } = status;
  return (
    <div className="stack site-status">
      <h1>Site status</h1>
      <p className="admin-count">As of {status.times.now}. Reload the page to look again.</p>
      {status.alerts.length ? null : (
        <p className="message message--success" role="status">
          Nothing needs attention: backups are current and the disk has room.
        </p>
      )}

      <section className="status-section" aria-labelledby="status-site">
        <h2 id="status-site">The site</h2>
        <Facts>
          <Fact term="Version">
            {status.version ?? "unknown"}
            {status.commit ? ` (commit ${status.commit})` : ""}
          </Fact>
          <Fact term="Started">{status.times.startedAt ?? "unknown"}</Fact>
          <Fact term="Workers">
            {status.workers} (this page came from process {status.worker.pid}, started{" "}
            {status.times.workerStartedAt})
          </Fact>
          <Fact term="Database">{status.database}</Fact>
          <Fact term="Files">{status.storage}</Fact>
          <Fact term="Disk (data folder)">{diskText(status.disk)}</Fact>
          {status.backupDisk ? (
            <Fact term="Disk (backup folder)">{diskText(status.backupDisk)}</Fact>
          ) : null}
        </Facts>
      </section>

      <section className="status-section" aria-labelledby="status-backups">
        <h2 id="status-backups">Backups</h2>
        <Facts>
          <Fact term="Schedule">
            {backups.intervalHours > 0
              ? `Every ${backups.intervalHours} hours, keeping the newest ${backups.keep}`
              : "Off (BACKUP_INTERVAL_HOURS=0): run npm run backup yourself"}
          </Fact>
          <Fact term="Folder">{backups.folder}</Fact>
          <Fact term="Last good backup">
            {backups.lastGood
              ? `${backups.lastGood.startedText} (${backups.lastGood.ageText} ago), ${backups.lastGood.bytesText ?? "size unknown"}`
              : "None yet"}
          </Fact>
        </Facts>
        {backups.recent.length ? (
          <>
            <h3>Latest runs</h3>
            <ul className="status-runs">
              {backups.recent.map((run) => (
                <li key={run.id} className={`status-run status-run--${run.state}`}>
                  <p>
                    <strong>{backupStates[run.state]}</strong>, {run.startedText} (
                    {run.trigger === "schedule" ? "scheduled" : "by command"})
                  </p>
                  {run.state === "succeeded" ? (
                    <p>
                      {run.bytesText}, {run.rows ?? 0} rows and {run.files ?? 0} files:{" "}
                      <span className="status-path">{run.file}</span>
                    </p>
                  ) : null}
                  {run.state === "failed" ? <p>{run.error}</p> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section className="status-section" aria-labelledby="status-mail">
        <h2 id="status-mail">Mail</h2>
        <Facts>
          <Fact term="Waiting">
            {mail.queued + mail.sending}
            {status.times.oldestWaitingAt ? ` (oldest queued ${status.times.oldestWaitingAt})` : ""}
          </Fact>
          <Fact term="Failed">{mail.failed}</Fact>
        </Facts>
        <p>
          <Link to="/user-data/mail">Open the mail page</Link>
        </p>
      </section>

      <section className="status-section" aria-labelledby="status-pdf">
        <h2 id="status-pdf">PDF checks</h2>
        <Facts>
          <Fact term="Running in this process">{status.pdf.running}</Fact>
          <Fact term="Waiting in this process">{status.pdf.waiting}</Fact>
        </Facts>
      </section>

      <section className="status-section" aria-labelledby="status-errors">
        <h2 id="status-errors">Recent errors</h2>
        <p>
          The errors process {status.worker.pid} logged since it started, newest first. The server's
          log has every process's.
        </p>
        {status.errors.length ? (
          <ul className="status-errors">
            {status.errors.map((error, index) => (
              // Errors have no identity of their own; the list only grows at its end.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <time dateTime={error.at}>{error.at.replace("T", " ").slice(0, 19)} UTC</time>:{" "}
                {error.message}
                {error.detail ? ` (${error.detail})` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p>None.</p>
        )}
      </section>
    </div>
  );
}
