import { useRef } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { describeWarning, type SubmissionWarning } from "./abstract-checks";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

export type SubmissionView = {
  id: string;
  fileName: string;
  uploadedAtText: string;
  pageCount: number;
  wordCount: number;
  warnings: SubmissionWarning[];
  status: "processing" | "accepted" | "rejected";
  canDelete: boolean;
};

export type ViewSubmissionPageProps = {
  submissions: SubmissionView[];
  noneMessage: string;
  notice?: { kind: "success" | "error"; text: string } | null;
  /** Without JavaScript, the delete button leads to this confirmation step. */
  confirmDelete?: { id: string; fileName: string } | null;
};

const statusLabels = {
  processing: "Being processed",
  accepted: "Accepted",
  rejected: "Not accepted",
} as const;

export function ViewSubmissionPage({
  submissions,
  noneMessage,
  notice,
  confirmDelete,
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
        <h2 className="submission-card__name">{submission.fileName}</h2>
        <p className="submission-card__meta">
          Uploaded {submission.uploadedAtText} · {submission.pageCount}{" "}
          {submission.pageCount === 1 ? "page" : "pages"} · about {submission.wordCount} words
        </p>
        <p className="submission-card__status">
          Status: <strong>{statusLabels[submission.status]}</strong>
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
          aria-label={`Delete ${submission.fileName}`}
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
          submission={submission}
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
