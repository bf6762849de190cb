import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { DetailsFields } from "./details-fields";
import {
  CoauthoredCard,
  type CoauthoredView,
  ConfirmDeleteForm,
  SubmissionCard,
  type SubmissionView,
} from "./submission-card";
import type { DetailsDraft } from "./submission-details";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

export type { CoauthoredView, SubmissionView } from "./submission-card";

export type EditingView = {
  id: string;
  title: string;
  draft: DetailsDraft;
  fieldErrors: Record<string, string>;
};

export type ViewSubmissionPageProps = {
  submissions: SubmissionView[];
  /** Abstracts others submitted that list this account (by its verified address) as a co-author. */
  coauthored: CoauthoredView[];
  noneMessage: string;
  notice?: { kind: "success" | "error"; text: string } | null;
  /** Without JavaScript, the delete button leads to this confirmation step. */
  confirmDelete?: { id: string; fileName: string } | null;
  editing?: EditingView | null;
  submitterName: string;
  talk: { minutes: number; questionMinutes: number };
  isCallOpen: boolean;
};

export function ViewSubmissionPage({
  submissions,
  coauthored,
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
        <p className="lead">{leadText(submissions, coauthored.length > 0)}</p>
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
          coauthored.length ? null : (
            <p className="message message--info">{noneMessage}</p>
          )
        ) : (
          <ul className="submission-list">
            {submissions.map((submission) => (
              <SubmissionCard key={submission.id} submission={submission} />
            ))}
          </ul>
        )}
        <p>
          <Link to={submissionPaths.submit} className="button">
            {submissions.length ? "Upload Another Abstract" : "Submit an Abstract"}
          </Link>
        </p>
        {coauthored.length ? (
          <section aria-labelledby="coauthored-title" className="stack">
            <h2 id="coauthored-title">Abstracts You Co-author</h2>
            <ul className="submission-list">
              {coauthored.map((submission) => (
                <CoauthoredCard key={submission.id} submission={submission} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}

/** What the page says above the list: never "being processed" about abstracts already decided. */
export function leadText(
  submissions: Pick<SubmissionView, "status">[],
  hasCoauthored = false,
): string {
  if (!submissions.length) {
    return hasCoauthored
      ? "You have not submitted an abstract yourself. The abstracts others submitted with you as a co-author are below."
      : "The abstracts you submit appear here, with their status.";
  }
  const waiting = submissions.filter((submission) => submission.status === "processing").length;
  if (waiting === submissions.length) {
    return waiting === 1
      ? "Your abstract is being processed. We will email you once the program committee has decided."
      : "Your abstracts are being processed. We will email you once the program committee has decided.";
  }
  if (waiting === 0) return "The program committee has decided: each abstract's status is below.";
  return "Some of your abstracts are decided, and the others are still being processed: each one's status is below. We will email you about each decision.";
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
        method="post"
        action={`${submissionPaths.status}?edit=${encodeURIComponent(editing.id)}`}
        className="submission__form"
      >
        <input type="hidden" name="submissionId" value={editing.id} />
        {/* Enter in a field submits with the form's first submit button: this one, not "Add a co-author".
            Visually hidden rather than display:none, which some browsers skip for implicit submission. */}
        <button
          type="submit"
          name="intent"
          value="save-details"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
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
