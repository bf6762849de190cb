import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { formatConferenceDateTime } from "~/lib/dates";
import type { AccountSession } from "./account-sessions.server";
import { accountPaths } from "./paths";

/** The profile's list of signed-in devices and the button that signs out all the others. */
export function AccountSessionsSection({
  sessions,
  isConfirming,
}: {
  sessions: AccountSession[];
  /** The button was pressed once: ask before signing anything out. */
  isConfirming: boolean;
}) {
  const others = sessions.filter((session) => !session.isCurrent).length;
  return (
    <section aria-labelledby="sessions-heading" className="account__section">
      <h2 id="sessions-heading">Where you are signed in</h2>
      <ul className="account__sessions">
        {sessions.map((session) => (
          <li key={session.id} className="account__session">
            <p className="account__session-device">
              <strong>{session.device}</strong>
              {session.isCurrent ? <span className="account__badge">This device</span> : null}
            </p>
            <dl className="account__session-facts">
              <dt>Address</dt>
              <dd>{session.address ?? "Unknown"}</dd>
              <dt>Last active</dt>
              <dd>{formatConferenceDateTime(session.lastSeenAt)}</dd>
              <dt>Signed in</dt>
              <dd>{formatConferenceDateTime(session.signedInAt)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="account__small">
        Last active is updated about once a day. If you do not recognise a device, sign out of all
        other devices and change your password.
      </p>
      {isConfirming ? (
        <Form method="post" className="account__form account__confirm" replace>
          <h3 id="sign-out-others-confirm">
            Sign out of {others} other device{others === 1 ? "" : "s"}?
          </h3>
          <p>They will need to sign in again. This device stays signed in.</p>
          <div className="account__actions account__actions--row">
            <SubmitButton
              intent="sign-out-others"
              pendingLabel="Signing out..."
              className="button button--danger"
            >
              Yes, sign them out
            </SubmitButton>
            <Link to={accountPaths.profile} className="button button--secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="account__form">
          <SubmitButton
            intent="ask-sign-out-others"
            pendingLabel="Opening..."
            className="button button--secondary"
            disabled={others === 0}
          >
            Sign out of all other devices
          </SubmitButton>
          {others === 0 ? <p className="account__small">No other device is signed in.</p> : null}
        </Form>
      )}
    </section>
  );
}
