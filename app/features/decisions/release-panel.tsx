import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { ReleaseDatesView } from "./release-dates.server";
import "./decisions.css";

/**
 * Releasing the staged decisions. Acceptance mails ask presenters to confirm by one date and upload
 * final materials by another, so the form shows both where the admin releases, with fields to move them
 * in the same post; a date that has passed is said out loud, and the server refuses to release an
 * acceptance while one has (release-dates.server.ts).
 */
export function ReleasePanel({
  stagedCount,
  dates,
  message,
}: {
  stagedCount: number;
  dates: ReleaseDatesView | null;
  /** Why the last release was refused; focused, so it is read and in view. */
  message: string | null;
}) {
  const hasPassed = Boolean(dates && (dates.confirmByHasPassed || dates.materialsDueHasPassed));
  return (
    <section className="card admin-panel" aria-labelledby="release-heading">
      <h2 id="release-heading">Release decisions</h2>
      <p>
        {stagedCount
          ? `${stagedCount} ${stagedCount === 1 ? "decision is" : "decisions are"} waiting. Releasing shows them to the authors and emails each author once.`
          : "No decisions are waiting to be released."}
      </p>
      <Form method="post" className="admin-panel">
        {message ? (
          // biome-ignore lint/a11y/noAutofocus: why the release was refused is read first, and in view.
          <p className="message message--error" role="alert" tabIndex={-1} autoFocus>
            {message}
          </p>
        ) : null}
        {dates ? (
          <fieldset className="release-dates">
            <legend>Dates the acceptance emails give presenters (Pacific Time)</legend>
            {hasPassed && !message ? (
              <p className="message message--error" id="release-dates-passed">
                A date below has passed. Acceptances cannot be released with it: move it to a later
                date here, and it is saved when you release.
              </p>
            ) : null}
            <DateField
              id="release-confirm-by"
              name="confirmBy"
              label="Presenters confirm or decline by"
              text={dates.confirmByText}
              local={dates.confirmByLocal}
              hasPassed={dates.confirmByHasPassed}
            />
            <DateField
              id="release-materials-due"
              name="materialsDue"
              label="Final slides or posters due by"
              text={dates.materialsDueText}
              local={dates.materialsDueLocal}
              hasPassed={dates.materialsDueHasPassed}
            />
          </fieldset>
        ) : null}
        <label className="review-admin__choice">
          <input type="checkbox" name="includeReviewComments" />
          Include the reviewers' comments to the authors in the emails (never the comments to the
          committee, never who reviewed)
        </label>
        <SubmitButton intent="release" pendingLabel="Releasing..." disabled={!stagedCount}>
          Release {stagedCount || ""} {stagedCount === 1 ? "decision" : "decisions"}
        </SubmitButton>
      </Form>
    </section>
  );
}

function DateField(props: {
  id: string;
  name: string;
  label: string;
  text: string;
  local: string;
  hasPassed: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id} className="field__label">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="datetime-local"
        className="field__input"
        defaultValue={props.local}
        aria-invalid={props.hasPassed || undefined}
        aria-describedby={`${props.id}-now`}
      />
      <p id={`${props.id}-now`} className={props.hasPassed ? "field__error" : "field__hint"}>
        {props.hasPassed ? `${props.text}: this date has passed.` : `Now ${props.text}.`}
      </p>
    </div>
  );
}
