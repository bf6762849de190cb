import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { AccountLayout } from "./account-layout";
import type { AccountSession } from "./account-sessions.server";
import { AccountSessionsSection } from "./account-sessions-section";
import { accountPaths } from "./paths";

export function ProfilePage({
  firstName,
  message,
  submissionsPath,
  sessions,
  isConfirmingSignOut = false,
}: {
  firstName: string | null;
  message?: string | null;
  /** The user's abstracts and their status (the route gives the submissions feature's path). */
  submissionsPath?: string;
  /** The account's signed-in devices; null when they could not be read. */
  sessions?: AccountSession[] | null;
  isConfirmingSignOut?: boolean;
}) {
  return (
    <AccountLayout title={`Welcome, ${firstName || "Guest"}!`}>
      <FormMessage message={message} />
      <div className="account__actions account__actions--row">
        <Link to={accountPaths.editProfile} className="button">
          Edit Profile
        </Link>
        <Form method="post" action={accountPaths.logout} className="account__form">
          <SubmitButton pendingLabel="Logging Out..." className="button button--secondary">
            Log Out
          </SubmitButton>
        </Form>
      </div>
      {submissionsPath ? (
        <p>
          <Link to={submissionsPath}>My Submissions</Link>: your abstracts and their status.
        </p>
      ) : null}
      {sessions ? (
        <AccountSessionsSection sessions={sessions} isConfirming={isConfirmingSignOut} />
      ) : null}
    </AccountLayout>
  );
}
