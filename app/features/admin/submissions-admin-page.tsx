import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { type SubmissionFilter, submissionFilters } from "./decision-filters";

export type AdminSubmissionView = {
  id: string;
  authorName: string;
  email: string;
  fileName: string;
  uploadedAtText: string;
  wordCount: number;
  warnings: string[];
  decision: "accepted" | "rejected" | null;
  decisionNote: string | null;
  isReleased: boolean;
};

export type SubmissionsAdminPageProps = {
  editionName: string;
  filter: SubmissionFilter;
  submissions: AdminSubmissionView[];
  stagedCount: number;
  call: { isOpen: boolean; closesAtText: string | null };
  message?: string | null;
};

const filterLabels: Record<SubmissionFilter, string> = {
  all: "All",
  undecided: "Undecided",
  staged: "Decided, not released",
  accepted: "Accepted",
  rejected: "Rejected",
};

function statusText(submission: AdminSubmissionView): string {
  if (!submission.decision) return "Undecided";
  const decision = submission.decision === "accepted" ? "Accepted" : "Rejected";
  return submission.isReleased ? `${decision}, released` : `${decision}, not released yet`;
}

export function SubmissionsAdminPage(props: SubmissionsAdminPageProps) {
  return (
    <>
      <h1>Submissions for {props.editionName}</h1>
      <FormMessage message={props.message} />

      <section className="card admin-panel" aria-labelledby="call-heading">
        <h2 id="call-heading">Call for abstracts</h2>
        <p>
          The call is <strong>{props.call.isOpen ? "open" : "closed"}</strong>
          {props.call.isOpen && props.call.closesAtText ? `, until ${props.call.closesAtText}` : ""}
          .
        </p>
        <Form method="post" className="admin-inline-form">
          {props.call.isOpen ? (
            <SubmitButton
              intent="close-call"
              pendingLabel="Closing..."
              className="button button--secondary"
            >
              Close the call now
            </SubmitButton>
          ) : null}
          <div className="field">
            <label htmlFor="closes-at" className="field__label">
              Closes at (Pacific Time, optional)
            </label>
            <input id="closes-at" name="closesAt" type="datetime-local" className="field__input" />
          </div>
          <SubmitButton intent="open-call" pendingLabel="Saving...">
            {props.call.isOpen ? "Set closing time" : "Open the call"}
          </SubmitButton>
        </Form>
      </section>

      <section className="card admin-panel" aria-labelledby="release-heading">
        <h2 id="release-heading">Release decisions</h2>
        <p>
          {props.stagedCount
            ? `${props.stagedCount} ${props.stagedCount === 1 ? "decision is" : "decisions are"} waiting. Releasing shows them to the authors and emails each author once.`
            : "No decisions are waiting to be released."}
        </p>
        <Form method="post">
          <SubmitButton intent="release" pendingLabel="Releasing..." disabled={!props.stagedCount}>
            Release {props.stagedCount || ""} {props.stagedCount === 1 ? "decision" : "decisions"}
          </SubmitButton>
        </Form>
      </section>

      <div className="admin-toolbar">
        <nav aria-label="Filter submissions" className="admin-filters">
          <ul>
            {submissionFilters.map((filter) => (
              <li key={filter}>
                <Link
                  to={
                    filter === "all"
                      ? "/user-data/submissions"
                      : `/user-data/submissions?status=${filter}`
                  }
                  className="admin-filters__link"
                  aria-current={props.filter === filter ? "page" : undefined}
                >
                  {filterLabels[filter]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <a className="button button--secondary" href="/user-data/export/submissions.csv" download>
          Download submissions (CSV)
        </a>
      </div>

      <p role="status" className="admin-count">
        {props.submissions.length} {props.submissions.length === 1 ? "submission" : "submissions"}
        {props.filter === "all" ? "" : ` (${filterLabels[props.filter].toLowerCase()})`}.
      </p>
      <ul className="admin-submissions">
        {props.submissions.map((submission) => (
          <li key={submission.id} className="card admin-submission">
            <div className="admin-submission__body">
              <h2 className="admin-submission__file">
                <a href={`/files/abstracts/${submission.id}`} target="_blank" rel="noopener">
                  {submission.fileName}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </h2>
              <p>
                {submission.authorName || "—"} · {submission.email}
              </p>
              <p className="admin-submission__meta">
                Uploaded {submission.uploadedAtText} · about {submission.wordCount} words
              </p>
              {submission.warnings.length ? (
                <ul className="admin-submission__warnings">
                  {submission.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              ) : null}
              <p>
                Status: <strong>{statusText(submission)}</strong>
                {submission.decisionNote ? ` · Note: ${submission.decisionNote}` : ""}
              </p>
            </div>
            {submission.isReleased ? null : (
              <Form method="post" className="admin-submission__actions">
                <input type="hidden" name="submissionId" value={submission.id} />
                {submission.decision ? (
                  <SubmitButton
                    intent="undo"
                    pendingLabel="Undoing..."
                    className="button button--secondary"
                  >
                    Undo
                    <span className="visually-hidden"> the decision on {submission.fileName}</span>
                  </SubmitButton>
                ) : (
                  <>
                    <div className="field">
                      <label htmlFor={`note-${submission.id}`} className="field__label">
                        Note (optional)
                      </label>
                      <input
                        id={`note-${submission.id}`}
                        name="note"
                        className="field__input"
                        maxLength={1000}
                      />
                    </div>
                    <div className="admin-submission__buttons">
                      <SubmitButton intent="accept" pendingLabel="Saving...">
                        Accept<span className="visually-hidden"> {submission.fileName}</span>
                      </SubmitButton>
                      <SubmitButton
                        intent="reject"
                        pendingLabel="Saving..."
                        className="button button--secondary"
                      >
                        Reject<span className="visually-hidden"> {submission.fileName}</span>
                      </SubmitButton>
                    </div>
                  </>
                )}
              </Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
