import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { AccountLayout } from "./account-layout";
import type { AccountSession } from "./account-sessions.server";
import { AccountSessionsSection } from "./account-sessions-section";
import { accountPaths } from "./paths";

export function ProfilePage({
  firstName,
  message,
  sessions,
  isConfirmingSignOut = false,
}: {
  firstName: string | null;
  message?: string | null;
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
      {sessions ? (
        <AccountSessionsSection sessions={sessions} isConfirming={isConfirmingSignOut} />
      ) : null}
    </AccountLayout>
  );
}
