import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { AdminSubmissionView } from "./decision-views";

/**
 * The buttons that stage a decision on an abstract not released yet (with an optional note), or undo
 * the staged one. A released decision is final, so it has no form.
 */
export function DecisionForm({ submission }: { submission: AdminSubmissionView }) {
  if (submission.isReleased) return null;
  return (
    <Form method="post" className="admin-submission__actions">
      <input type="hidden" name="submissionId" value={submission.id} />
      {submission.decision ? (
        <SubmitButton intent="undo" pendingLabel="Undoing..." className="button button--secondary">
          Undo
          <span className="visually-hidden"> the decision on {submission.title}</span>
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
          <fieldset className="admin-submission__buttons">
            <legend className="field__label">Decision</legend>
            <SubmitButton intent="accept-talk" pendingLabel="Saving...">
              Accept as talk
              <span className="visually-hidden"> {submission.title}</span>
            </SubmitButton>
            <SubmitButton intent="accept-poster" pendingLabel="Saving...">
              Accept as poster
              <span className="visually-hidden"> {submission.title}</span>
            </SubmitButton>
            <SubmitButton
              intent="alternate"
              pendingLabel="Saving..."
              className="button button--secondary"
            >
              Alternate<span className="visually-hidden"> {submission.title}</span>
            </SubmitButton>
            <SubmitButton
              intent="reject"
              pendingLabel="Saving..."
              className="button button--secondary"
            >
              Reject<span className="visually-hidden"> {submission.title}</span>
            </SubmitButton>
          </fieldset>
        </>
      )}
    </Form>
  );
}
