import { Pagination } from "~/components/pagination";
import type { AdminAction } from "~/lib/db/schema";

export type AuditEntryView = {
  id: string;
  whenText: string;
  who: string;
  action: AdminAction;
  target: string | null;
  details: string | null;
};

const actionLabels: Record<AdminAction, string> = {
  "grant-admin": "Made admin",
  "revoke-admin": "Revoked admin",
  accept: "Accepted",
  reject: "Rejected",
  "undo-decision": "Undid a decision",
  "release-decisions": "Released decisions",
  "export-users": "Exported users",
  "export-submissions": "Exported submissions",
  "open-call": "Opened the call",
  "close-call": "Closed the call",
  "download-abstract": "Opened an abstract",
  "grant-reviewer": "Made reviewer",
  "revoke-reviewer": "Revoked reviewer",
  "grant-editor": "Made editor",
  "revoke-editor": "Revoked editor",
  "assign-reviewer": "Assigned a reviewer",
  "unassign-reviewer": "Unassigned a reviewer",
  "auto-assign": "Assigned reviewers automatically",
  "declare-conflict": "Declared a conflict",
  "confirm-conflict": "Confirmed a likely conflict",
  "dismiss-conflict": "Dismissed a likely conflict",
  "submit-review": "Submitted a review",
  "remind-reviewers": "Reminded reviewers",
  "update-review-settings": "Changed review settings",
  "export-reviews": "Exported reviews",
  alternate: "Made an alternate",
  "promote-alternate": "Promoted an alternate",
  "remind-presenters": "Reminded presenters",
  "reopen-attendance": "Reopened an answer",
  "update-presenter-settings": "Changed presenter dates",
  "download-final-material": "Opened final materials",
  "create-program-session": "Added a program session",
  "update-program-session": "Changed a program session",
  "delete-program-session": "Deleted a program session",
  "place-presentation": "Placed a presentation",
  "unplace-presentation": "Removed a presentation from the program",
  "move-presentation": "Moved a presentation",
  "set-slot-minutes": "Changed a talk's minutes",
  "publish-program": "Published the program",
  "mail-program-changes": "Emailed presenters their new program times",
  "skip-program-changes-mail": "Chose not to email presenters about a program change",
  "write-to-group": "Wrote to a group",
  "retry-mail": "Retried a failed email",
  "retry-all-mail": "Retried every failed email",
  "update-mail-template": "Changed a mail template",
  "restore-mail-template": "Restored a mail template's default text",
};

export function AuditPage(props: {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageCount: number;
}) {
  return (
    <>
      <h1>Audit log</h1>
      <p role="status" className="admin-count">
        {props.total} {props.total === 1 ? "entry" : "entries"}, newest first.
      </p>
      {props.entries.length ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className="admin-table-wrap" aria-label="Audit log" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Whom</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {props.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.whenText}</td>
                  <td>{entry.who}</td>
                  <td>{actionLabels[entry.action] ?? entry.action}</td>
                  <td>{entry.target ?? "—"}</td>
                  <td>{entry.details ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        hrefFor={(page) => `/user-data/audit?page=${page}`}
        label="Audit log pages"
      />
    </>
  );
}
