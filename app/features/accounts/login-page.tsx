import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import { EmailField } from "./account-fields";
import { AccountLayout } from "./account-layout";
import { accountPaths } from "./paths";

export type LoginPageProps = {
  notice: string | null;
  /** The return path the visitor asked for; null when none (then sign-in goes to /sculc). */
  redirectTo: string | null;
  isGoogleEnabled: boolean;
  message?: string | null;
  email?: string;
  canResendVerification?: boolean;
};

export function LoginPage(props: LoginPageProps) {
  const registerHref =
    props.redirectTo === null
      ? accountPaths.register
      : `${accountPaths.register}?${new URLSearchParams({ redirectTo: props.redirectTo })}`;
  return (
    <AccountLayout title="Log In" notice={props.notice}>
      <FormMessage message={props.message} />
      {props.canResendVerification && props.email ? (
        <Form method="post" className="account__form">
          <input type="hidden" name="email" value={props.email} />
          <SubmitButton
            intent="resend-verification"
            pendingLabel="Sending..."
            className="button button--secondary"
          >
            Resend the verification email
          </SubmitButton>
        </Form>
      ) : null}
      <Form method="post" className="account__form">
        <input type="hidden" name="redirectTo" value={props.redirectTo ?? ""} />
        <EmailField defaultValue={props.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton intent="password" pendingLabel="Signing In...">
          Log In
        </SubmitButton>
      </Form>
      <p className="account__small">
        <Link to={accountPaths.forgotPassword}>Forgot your password?</Link>
      </p>
      <p className="account__divider">or</p>
      <Form method="post" className="account__form">
        <input type="hidden" name="redirectTo" value={props.redirectTo ?? ""} />
        <SubmitButton
          intent="google"
          pendingLabel="Opening Google..."
          className="button button--secondary account__google"
          disabled={!props.isGoogleEnabled}
        >
          <GoogleMark />
          Sign in with Google
        </SubmitButton>
        {props.isGoogleEnabled ? null : (
          <p className="account__small">
            Google sign-in is not set up on this server yet. Please use your email and password.
          </p>
        )}
      </Form>
      <p>
        New here? <Link to={registerHref}>Create an account</Link>
      </p>
    </AccountLayout>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 2.9-2.2 5.4-4.7 7.1l7.6 5.9c4.4-4.1 6.9-10.1 6.9-17.5z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-2.9-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.6-5.9c-2.1 1.4-4.9 2.3-8.3 2.3-6.2 0-11.5-4.1-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
