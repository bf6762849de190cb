import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import type { HistoryView, VersionView } from "./content-history-view.server";
import { contentAreaPath } from "./content-labels";
import "./content-editor.css";

function BackLinks({ view, toHistory }: { view: HistoryView; toHistory?: boolean }) {
  return (
    <p className="content-list__links">
      <Link to={contentAreaPath}>Back to site content</Link>
      <Link to={view.editHref}>Edit {view.title}</Link>
      {toHistory ? <Link to={view.historyHref}>History of {view.title}</Link> : null}
    </p>
  );
}

/** Every published version of a document, newest first, each with a link to look at it. */
export function ContentHistoryPage({ view, notice }: { view: HistoryView; notice: string | null }) {
  return (
    <>
      <BackLinks view={view} />
      <h1>History of {view.title}</h1>
      <p>
        Every time someone publishes, the site keeps that version. Open one to look at it, and
        restore it if the site should show it again.
      </p>
      <FormMessage message={notice} />
      {view.rows.length ? (
        <ol className="content-list" reversed>
          {view.rows.map((row) => (
            <li key={row.version} className="content-list__item">
              <h2 className="content-list__title">
                <Link to={row.href}>Version {row.version}</Link>
                {row.isLive ? " (on the site now)" : ""}
              </h2>
              <p className="content-list__meta">
                {row.summary}. Published {row.whenText} by {row.who}.
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p>Nothing has been published yet.</p>
      )}
    </>
  );
}

/** One published version as it was, and the button that brings it back. */
export function ContentVersionPage({
  view,
  message,
}: {
  view: VersionView;
  message: string | undefined;
}) {
  const { row, body } = view;
  return (
    <>
      <BackLinks view={view} toHistory />
      <h1>
        {view.title}: version {row.version}
      </h1>
      <p>
        {row.summary}. Published {row.whenText} by {row.who}.
        {row.isLive ? " Visitors see this version now." : ""}
      </p>
      <FormMessage message={message} />
      {view.canRestore ? (
        <Form method="post" className="card admin-panel">
          <p>
            Restoring publishes this version again as a new version: visitors see it at once, and
            the draft starts from it. Nothing is lost: the history keeps every version.
          </p>
          <p>
            <SubmitButton intent="restore" pendingLabel="Restoring...">
              Restore this version
            </SubmitButton>
          </p>
        </Form>
      ) : null}
      <section className="card admin-panel" aria-labelledby="version-body-heading">
        <h2 id="version-body-heading">What this version says</h2>
        {body.kind === "removed" ? (
          <p>This version took it off the site: visitors saw nothing of it.</p>
        ) : body.kind === "members" ? (
          <ol>
            {body.members.map((member, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a stored list shown as it is
              <li key={index}>
                {member.name} ({member.position})
              </li>
            ))}
          </ol>
        ) : (
          <pre className="content-version-body">{body.text}</pre>
        )}
      </section>
    </>
  );
}
