import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { EmailField, NewPasswordFields } from "./account-fields";
import { AccountLayout } from "./account-layout";
import { accountPaths } from "./paths";

export function ForgotPasswordPage({
  sentTo,
  message,
}: {
  sentTo?: string;
  message?: string | null;
}) {
  if (sentTo) {
    return (
      <AccountLayout title="Check Your Email">
        <p>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new
          password. The link works once, for one hour.
        </p>
        <Link to={accountPaths.login} className="button button--secondary">
          Back to Log In
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Reset Your Password">
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <FormMessage message={message} />
      <Form method="post" className="account__form">
        <EmailField />
        <SubmitButton pendingLabel="Sending...">Send Reset Link</SubmitButton>
      </Form>
      <p>
        <Link to={accountPaths.login}>Back to Log In</Link>
      </p>
    </AccountLayout>
  );
}

export function ResetPasswordPage({
  token,
  isDone,
  message,
  fieldErrors,
}: {
  token: string | null;
  isDone?: boolean;
  message?: string | null;
  fieldErrors?: Record<string, string>;
}) {
  if (isDone) {
    return (
      <AccountLayout title="Password Changed">
        <p className="message message--success" role="status">
          Your password was changed successfully. Every other session was signed out.
        </p>
        <Link to={accountPaths.login} className="button">
          Log In
        </Link>
      </AccountLayout>
    );
  }
  if (!token) {
    return (
      <AccountLayout title="Reset Your Password">
        <p className="message message--error" role="alert">
          This reset link is invalid or has expired. Please ask for a new one.
        </p>
        <Link to={accountPaths.forgotPassword} className="button">
          Ask for a New Link
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Choose a New Password">
      <FormMessage message={message} />
      <Form method="post" className="account__form">
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields fieldErrors={fieldErrors} label="New password" />
        <SubmitButton pendingLabel="Saving...">Change Password</SubmitButton>
      </Form>
      <p>
        <Link to={accountPaths.forgotPassword}>Ask for a new link</Link>
      </p>
    </AccountLayout>
  );
}
