import { useRef } from "react";
import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import type { PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import { describeWarning, type SubmissionWarning } from "./abstract-checks";
import { DetailsFields } from "./details-fields";
import type { AuthorView, DetailsDraft } from "./submission-details";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

export type SubmissionView = {
  id: string;
  /** The title, or the file name for abstracts uploaded before titles existed. */
  title: string;
  fileName: string;
  formatLabel: string;
  authors: AuthorView[];
  uploadedAtText: string;
  pageCount: number;
  wordCount: number;
  warnings: SubmissionWarning[];
  status: "processing" | SubmissionDecision;
  /** How an accepted abstract will be presented, when the committee said. */
  acceptedAs: PresentationFormat | null;
  canDelete: boolean;
  /** While the call is open and no decision is released: details can be edited, the PDF replaced. */
  canEdit: boolean;
};

export type EditingView = {
  id: string;
  title: string;
  draft: DetailsDraft;
  fieldErrors: Record<string, string>;
  /** Changes with each answer, so the form starts again from the answer's values. */
  attempt: number;
};

export type ViewSubmissionPageProps = {
  submissions: SubmissionView[];
  noneMessage: string;
  notice?: { kind: "success" | "error"; text: string } | null;
  /** Without JavaScript, the delete button leads to this confirmation step. */
  confirmDelete?: { id: string; fileName: string } | null;
  editing?: EditingView | null;
  submitterName: string;
  talk: { minutes: number; questionMinutes: number };
  isCallOpen: boolean;
};

const statusLabels = {
  processing: "Being processed",
  accepted: "Accepted",
  rejected: "Not accepted",
  alternate: "Alternate (waiting list)",
} as const satisfies Record<SubmissionView["status"], string>;

function statusLabel(submission: SubmissionView): string {
  if (submission.status === "accepted" && submission.acceptedAs)
    return submission.acceptedAs === "talk" ? "Accepted as a talk" : "Accepted as a poster";
  return statusLabels[submission.status];
}

export function ViewSubmissionPage({
  submissions,
  noneMessage,
  notice,
  confirmDelete,
  editing,
  submitterName,
  talk,
  isCallOpen,
}: ViewSubmissionPageProps) {
  return (
    <section className="section">
      <div className="container submission stack">
        <h1>Thank You for Your Submission</h1>
        <p className="lead">
          Your abstract is being processed. We will email you once the program committee has
          decided.
        </p>
        {notice ? (
          <p
            className={`message ${notice.kind === "success" ? "message--success" : "message--error"}`}
            role={notice.kind === "success" ? "status" : "alert"}
          >
            {notice.text}
          </p>
        ) : null}
        {confirmDelete ? <ConfirmDeleteForm submission={confirmDelete} /> : null}
        {editing ? (
          <EditDetailsForm editing={editing} submitterName={submitterName} talk={talk} />
        ) : null}
        {!isCallOpen && submissions.length ? (
          <p className="message message--info">
            The call for abstracts has closed: your abstracts can no longer be edited or replaced.
          </p>
        ) : null}
        {submissions.length === 0 ? (
          <p className="message message--info">{noneMessage}</p>
        ) : (
          <ul className="submission-list">
            {submissions.map((submission) => (
              <SubmissionCard key={submission.id} submission={submission} />
            ))}
          </ul>
        )}
        <p>
          <Link to={submissionPaths.submit} className="button">
            Upload Another Abstract
          </Link>
        </p>
      </div>
    </section>
  );
}

function SubmissionCard({ submission }: { submission: SubmissionView }) {
  return (
    <li className="submission-card card">
      <div className="submission-card__body">
        <h2 className="submission-card__name">{submission.title}</h2>
        <ol className="submission-card__authors" aria-label="Authors">
          {submission.authors.map((author) => (
            <li key={author.position}>
              {author.name}
              {author.affiliation ? `, ${author.affiliation}` : ""}
              {author.isPresenter ? <strong> (presenting)</strong> : null}
            </li>
          ))}
        </ol>
        <p className="submission-card__meta">Preferred format: {submission.formatLabel}</p>
        <p className="submission-card__meta">
          {submission.fileName} · uploaded {submission.uploadedAtText} · {submission.pageCount}{" "}
          {submission.pageCount === 1 ? "page" : "pages"} · about {submission.wordCount} words
        </p>
        <p className="submission-card__status">
          Status: <strong>{statusLabel(submission)}</strong>
        </p>
        {submission.warnings.length ? (
          <ul className="submission-card__warnings">
            {submission.warnings.map((warning) => (
              <li key={warning}>{describeWarning(warning, submission.wordCount)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="submission-card__actions">
        <a
          className="button button--secondary"
          href={submissionPaths.file(submission.id)}
          target="_blank"
          rel="noopener"
        >
          View<span className="visually-hidden"> {submission.fileName} (opens in a new tab)</span>
        </a>
        {submission.canEdit ? (
          <>
            <Link
              className="button button--secondary"
              to={`${submissionPaths.status}?edit=${encodeURIComponent(submission.id)}#edit-details`}
            >
              Edit<span className="visually-hidden"> the details of {submission.title}</span>
            </Link>
            <Link
              className="button button--secondary"
              to={`${submissionPaths.submit}?replace=${encodeURIComponent(submission.id)}`}
            >
              Replace PDF<span className="visually-hidden"> of {submission.title}</span>
            </Link>
          </>
        ) : null}
        {submission.canDelete ? <DeleteButton submission={submission} /> : null}
      </div>
    </li>
  );
}

/**
 * The '×' button. With JavaScript it opens a confirmation dialog; without, it posts and the page
 * answers with a confirmation step. Either way the deletion itself is a second, explicit post.
 */
function DeleteButton({ submission }: { submission: SubmissionView }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!dialogRef.current) return;
          event.preventDefault();
          dialogRef.current.showModal();
        }}
      >
        <input type="hidden" name="submissionId" value={submission.id} />
        <button
          type="submit"
          name="intent"
          value="ask-delete"
          className="submission-card__delete"
          aria-label={`Delete ${submission.title}`}
        >
          <span aria-hidden="true">×</span>
        </button>
      </Form>
      <dialog
        ref={dialogRef}
        className="submission-dialog"
        aria-labelledby={`delete-title-${submission.id}`}
      >
        <ConfirmDeleteForm
          submission={{ id: submission.id, fileName: submission.title }}
          titleId={`delete-title-${submission.id}`}
          onCancel={() => dialogRef.current?.close()}
        />
      </dialog>
    </>
  );
}

function ConfirmDeleteForm({
  submission,
  titleId,
  onCancel,
}: {
  submission: { id: string; fileName: string };
  titleId?: string;
  onCancel?: () => void;
}) {
  return (
    <Form method="post" className="submission-confirm card" replace>
      <h2 id={titleId} className="submission-confirm__title">
        Delete “{submission.fileName}”?
      </h2>
      <p>The file is removed for good. You can upload a new abstract afterwards.</p>
      <input type="hidden" name="submissionId" value={submission.id} />
      <div className="submission-confirm__actions">
        <SubmitButton intent="delete" pendingLabel="Deleting..." className="button button--danger">
          Delete
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={submissionPaths.status} className="button button--secondary">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}

/** Title, authors and format of one abstract, while the call is open. */
function EditDetailsForm({
  editing,
  submitterName,
  talk,
}: {
  editing: EditingView;
  submitterName: string;
  talk: { minutes: number; questionMinutes: number };
}) {
  return (
    <section id="edit-details" aria-labelledby="edit-details-title" className="card stack">
      <h2 id="edit-details-title">Edit “{editing.title}”</h2>
      <Form
        key={`${editing.id}:${editing.attempt}`}
        method="post"
        action={`${submissionPaths.status}?edit=${encodeURIComponent(editing.id)}`}
        className="submission__form"
      >
        <input type="hidden" name="submissionId" value={editing.id} />
        {/* Enter in a field submits with the form's first submit button: this one, not "Add a co-author". */}
        <button type="submit" name="intent" value="save-details" hidden tabIndex={-1} />
        {Object.keys(editing.fieldErrors).length ? (
          <FormMessage message="Please correct the fields marked below." />
        ) : null}
        <DetailsFields
          submitterName={submitterName}
          draft={editing.draft}
          fieldErrors={editing.fieldErrors}
          talk={talk}
        />
        <div className="submission-confirm__actions">
          <SubmitButton intent="save-details" pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
          <Link to={submissionPaths.status} className="button button--secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
