import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import type { ProgramActionData, ProgramAdminProps } from "./program-admin-view";
import { NoticePanel } from "./program-notice-panel";
import { PublishPanel } from "./program-publish-panel";
import { SessionCard } from "./program-session-card";
import { SessionForm } from "./program-session-form";
import { UnplacedPanel } from "./program-unplaced-panel";
import "./program-admin.css";

export function ProgramAdminPage(props: ProgramAdminProps & { action?: ProgramActionData }) {
  const { action } = props;
  return (
    <>
      <h1>Program for {props.editionName}</h1>
      <p>
        Build the day ({props.dateText}, Pacific Time) from the confirmed presentations. Talks take{" "}
        {props.defaultTalkMinutes} minutes each unless you change one. Edits stay in this draft;
        visitors see only what you publish, at <Link to={props.paths.page}>{props.paths.page}</Link>
        .
      </p>
      <FormMessage message={action?.message} />
      {props.notice ? <NoticePanel notice={props.notice} /> : null}
      <PublishPanel {...props} />
      <section className="card admin-panel" aria-labelledby="program-sessions-heading">
        <h2 id="program-sessions-heading">Sessions</h2>
        {props.sessions.length ? (
          <ol className="program-admin__sessions">
            {props.sessions.map((session) => (
              <li key={session.id}>
                <SessionCard
                  session={session}
                  unplaced={props.unplaced}
                  action={action?.form === session.id ? action : undefined}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p>No sessions yet: add the first one below.</p>
        )}
      </section>
      <section className="card admin-panel" aria-labelledby="program-new-heading">
        <h2 id="program-new-heading">Add a session</h2>
        <SessionForm
          key={action?.createdId ?? "new"}
          prefix="new"
          values={action?.form === "new" ? action.values : undefined}
          fieldErrors={action?.form === "new" ? action.fieldErrors : undefined}
          intent="create-session"
          submitLabel="Add the session"
          pendingLabel="Adding..."
        />
      </section>
      <UnplacedPanel unplaced={props.unplaced} />
    </>
  );
}
