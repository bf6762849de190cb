import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import type { ProgramAdminProps } from "./program-admin-view";

/** Where publishing stands, the draft's warnings, and the button that publishes the next version. */
export function PublishPanel(props: ProgramAdminProps) {
  const nextVersion = (props.latest?.version ?? 0) + 1;
  const placedCount = props.sessions.reduce((count, session) => count + session.slots.length, 0);
  return (
    <section className="card admin-panel" aria-labelledby="program-publish-heading">
      <h2 id="program-publish-heading">Publishing</h2>
      <p>
        {props.latest
          ? `Version ${props.latest.version} was published ${props.latest.publishedAtText} by ${props.latest.publishedBy}.`
          : "Nothing is published yet: visitors see the provisional program from the edition's content."}{" "}
        {props.hasUnpublishedChanges
          ? "The draft has changes that visitors do not see yet."
          : "Visitors see this draft as it is."}
      </p>
      {props.warnings.length ? (
        <section className="program-admin__warnings" aria-labelledby="program-warnings-heading">
          <h3 id="program-warnings-heading">
            {props.warnings.length} {props.warnings.length === 1 ? "warning" : "warnings"} to check
            before publishing
          </h3>
          <ul>
            {props.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </section>
      ) : !props.sessions.length ? (
        <p>
          No sessions yet: add one below, place the accepted presentations in it, and the checks for
          overlaps, overruns and unconfirmed presentations appear here.
        </p>
      ) : !placedCount ? (
        <p>
          No presentation is placed yet, so there is nothing to check: place the accepted
          presentations in the sessions below.
        </p>
      ) : (
        <p>No warnings: no overlaps, overruns or unconfirmed presentations.</p>
      )}
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="basedOnVersion" value={props.latest?.version ?? ""} />
        <SubmitButton
          intent="publish"
          pendingLabel="Publishing..."
          disabled={!props.hasUnpublishedChanges || !props.sessions.length}
        >
          {props.warnings.length
            ? `Publish version ${nextVersion} with ${props.warnings.length} ${props.warnings.length === 1 ? "warning" : "warnings"}`
            : `Publish version ${nextVersion}`}
        </SubmitButton>
        {props.latest ? (
          <span className="admin-submission__meta">
            Published: <Link to={props.paths.page}>page</Link> ·{" "}
            <a href={props.paths.calendar}>calendar (.ics)</a> · <a href={props.paths.json}>JSON</a>
          </span>
        ) : null}
      </Form>
    </section>
  );
}
