import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { EmailField, NameFields, NewPasswordFields } from "./account-fields";
import { AccountLayout } from "./account-layout";
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
        <NameFields fieldErrors={fieldErrors} values={values} />
        <EmailField defaultValue={values.email} error={fieldErrors.email} />
        <NewPasswordFields fieldErrors={fieldErrors} />
        <SubmitButton pendingLabel="Signing Up...">Sign Up</SubmitButton>
      </Form>
      <p>
        Already have an account? <Link to={accountPaths.login}>Log in</Link>
      </p>
    </AccountLayout>
  );
}
