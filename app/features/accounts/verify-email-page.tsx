import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { EmailField } from "./account-fields";
import { AccountLayout } from "./account-layout";
import { loginPath } from "./paths";

export type VerifyEmailResult = "pending" | "verified" | "invalid" | "expired" | "error" | "resent";

export type VerifyEmailPageProps = {
  token: string | null;
  result: VerifyEmailResult;
  message?: string | null;
  /** Where logging in leads once verified: the page registration started from. */
  returnPath?: string | null;
};

const problems = {
  invalid: "This verification link is not valid. It may have been copied incompletely.",
  expired: "This verification link has expired.",
  error: "We could not verify your email just now. Please try the link again in a moment.",
} as const;

export function VerifyEmailPage({ token, result, message, returnPath }: VerifyEmailPageProps) {
  if (result === "verified") {
    return (
      <AccountLayout title="Email Verified">
        <p className="message message--success" role="status">
          Your email was verified successfully. You can now log in.
        </p>
        <Link to={loginPath({ redirectTo: returnPath ?? undefined })} className="button">
          Log In
        </Link>
      </AccountLayout>
    );
  }
  if (result === "pending" && token) {
    return (
      <AccountLayout title="Verify Your Email">
        <p>Press the button to confirm that this email address is yours.</p>
        <Form method="post" className="account__form">
          <input type="hidden" name="token" value={token} />
          <SubmitButton intent="verify" pendingLabel="Verifying...">
            Verify my email
          </SubmitButton>
        </Form>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Verify Your Email">
      {result === "resent" || result === "pending" ? null : (
        <p className="message message--error" role="alert">
          {problems[result]}
        </p>
      )}
      <p>Enter your email and we will send a new link.</p>
      <FormMessage message={message} />
      <Form method="post" className="account__form">
        <input type="hidden" name="intent" value="resend" />
        <EmailField />
        <SubmitButton pendingLabel="Sending...">Send a New Link</SubmitButton>
      </Form>
    </AccountLayout>
  );
}
