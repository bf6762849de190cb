import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import { emailLimits, nameLimits } from "./account-forms";
import { AccountLayout } from "./account-layout";
import { passwordLimits } from "./password-rules";
import { accountPaths } from "./paths";

export type RegisterPageProps = {
  registeredEmail?: string;
  message?: string | null;
  fieldErrors?: Record<string, string>;
  values?: { firstName?: string; lastName?: string; email?: string };
};

export function RegisterPage({
  registeredEmail,
  message,
  fieldErrors = {},
  values = {},
}: RegisterPageProps) {
  if (registeredEmail) {
    return (
      <AccountLayout title="Verify Your Email">
        <p>
          We have sent a verification link to <strong>{registeredEmail}</strong>. Please open it to
          activate your account, then log in.
        </p>
        <p className="account__small">
          No email after a few minutes? Check the spam folder, or log in and ask for a new link.
        </p>
        <Link to={accountPaths.login} className="button">
          Go to Log In
        </Link>
      </AccountLayout>
    );
  }
  return (
    <AccountLayout title="Create an Account">
      <FormMessage message={message} />
      <Form method="post" className="account__form">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={nameLimits.max}
          defaultValue={values.firstName}
          error={fieldErrors.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={nameLimits.max}
          defaultValue={values.lastName}
          error={fieldErrors.lastName}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={emailLimits.max}
          defaultValue={values.email}
          error={fieldErrors.email}
        />
        <NewPasswordFields fieldErrors={fieldErrors} />
        <SubmitButton pendingLabel="Signing Up...">Sign Up</SubmitButton>
      </Form>
      <p>
        Already have an account? <Link to={accountPaths.login}>Log in</Link>
      </p>
    </AccountLayout>
  );
}

/** A new password and its confirmation, with the rules stated up front. */
export function NewPasswordFields({
  fieldErrors = {},
  label = "Password",
}: {
  fieldErrors?: Record<string, string>;
  label?: string;
}) {
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={passwordLimits.min}
        maxLength={passwordLimits.max}
        hint={`At least ${passwordLimits.min} characters. Avoid common passwords.`}
        error={fieldErrors.password}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={passwordLimits.max}
        error={fieldErrors.confirmPassword}
      />
    </>
  );
}
