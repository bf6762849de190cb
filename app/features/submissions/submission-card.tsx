import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import type { PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import { describeWarning, type SubmissionWarning } from "./abstract-checks";
import type { AuthorView } from "./submission-details";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

// One abstract on the status page: the user's own (with its actions), or one they co-author (read-only).

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

/** Someone else's abstract that lists this account as a co-author: shown read-only. */
export type CoauthoredView = Pick<
  SubmissionView,
  "id" | "title" | "formatLabel" | "authors" | "status" | "acceptedAs"
> & { submitterName: string; presents: boolean };

export const statusLabels = {
  processing: "Being processed",
  accepted: "Accepted",
  rejected: "Not accepted",
  alternate: "Alternate (waiting list)",
} as const satisfies Record<SubmissionView["status"], string>;

export function statusLabel(submission: Pick<SubmissionView, "status" | "acceptedAs">): string {
  if (submission.status === "accepted" && submission.acceptedAs)
    return submission.acceptedAs === "talk" ? "Accepted as a talk" : "Accepted as a poster";
  return statusLabels[submission.status];
}

export function SubmissionCard({ submission }: { submission: SubmissionView }) {
  return (
    <li className="submission-card card">
      <div className="submission-card__body">
        <h2 className="submission-card__name">{submission.title}</h2>
        <AuthorList authors={submission.authors} />
        <p className="submission-card__meta">Preferred format: {submission.formatLabel}</p>
        <p className="submission-card__meta">
          {submission.fileName} · uploaded {submission.uploadedAtText} · {submission.pageCount}{" "}
          {submission.pageCount === 1 ? "page" : "pages"} · about {submission.wordCount} words
        </p>
        <p className="submission-card__status">
          Status: <strong>{statusLabel(submission)}</strong>
        </p>
        {submission.status === "accepted" ? (
          <p>
            <Link to={submissionPaths.congratulations}>
              Confirm your presentation and see what comes next
              <span className="visually-hidden"> for {submission.title}</span>
            </Link>
          </p>
        ) : null}
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
 * The '× Delete' button (the word too: an icon alone is a guess). With the page's script it opens a
 * confirmation dialog (the form's `data-confirm-dialog`, confirm-dialogs.ts); without, it posts and the
 * page answers with a confirmation step. Either way the deletion itself is a second, explicit post.
 */
function DeleteButton({ submission }: { submission: SubmissionView }) {
  const dialogId = `delete-dialog-${submission.id}`;
  return (
    <>
      <Form method="post" data-confirm-dialog={dialogId}>
        <input type="hidden" name="submissionId" value={submission.id} />
        <button
          type="submit"
          name="intent"
          value="ask-delete"
          className="submission-card__delete"
          aria-label={`Delete ${submission.title}`}
        >
          <span aria-hidden="true">×</span> Delete
        </button>
      </Form>
      <dialog
        id={dialogId}
        className="submission-dialog"
        aria-labelledby={`delete-title-${submission.id}`}
      >
        <ConfirmDeleteForm
          submission={{ id: submission.id, fileName: submission.title }}
          titleId={`delete-title-${submission.id}`}
          isInDialog
        />
      </dialog>
    </>
  );
}

export function ConfirmDeleteForm({
  submission,
  titleId,
  isInDialog = false,
}: {
  submission: { id: string; fileName: string };
  titleId?: string;
  /** In the delete button's dialog, Cancel closes it; on the page's confirmation step it goes back. */
  isInDialog?: boolean;
}) {
  return (
    <Form method="post" className="submission-confirm card">
      <h2 id={titleId} className="submission-confirm__title">
        Delete “{submission.fileName}”?
      </h2>
      <p>The file is removed for good. You can upload a new abstract afterwards.</p>
      <input type="hidden" name="submissionId" value={submission.id} />
      <div className="submission-confirm__actions">
        <SubmitButton intent="delete" pendingLabel="Deleting..." className="button button--danger">
          Delete
        </SubmitButton>
        {isInDialog ? (
          <button type="button" className="button button--secondary" data-close-dialog>
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

function AuthorList({ authors }: { authors: AuthorView[] }) {
  return (
    <ol className="submission-card__authors" aria-label="Authors">
      {authors.map((author) => (
        <li key={author.position}>
          {author.name}
          {author.affiliation ? `, ${author.affiliation}` : ""}
          {author.isPresenter ? <strong> (presenting)</strong> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * An abstract someone else submitted that lists this account as a co-author: what it is and where it
 * stands, with no actions (only the submitting author changes it).
 */
export function CoauthoredCard({ submission }: { submission: CoauthoredView }) {
  return (
    <li className="submission-card card">
      <div className="submission-card__body">
        <h3 className="submission-card__name">{submission.title}</h3>
        <p className="submission-card__meta">
          You are listed as a co-author
          {submission.presents ? " and as presenting it" : ""}. {submission.submitterName} submitted
          it and is the one who can change it.
        </p>
        <AuthorList authors={submission.authors} />
        <p className="submission-card__meta">Preferred format: {submission.formatLabel}</p>
        <p className="submission-card__status">
          Status: <strong>{statusLabel(submission)}</strong>
        </p>
        {submission.status === "accepted" && submission.presents ? (
          <p>
            You present this {submission.acceptedAs === "poster" ? "poster" : "talk"};{" "}
            {submission.submitterName} confirms the presentation on the site.
          </p>
        ) : null}
      </div>
    </li>
  );
}
