import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { NameFields, NewPasswordFields } from "./account-fields";
import { AccountLayout } from "./account-layout";
import { accountPaths } from "./paths";

export type CompleteProfilePageProps = {
  notice: string | null;
  email: string;
  firstName: string;
  lastName: string;
  needsPassword: boolean;
  redirectTo: string;
  message?: string | null;
  fieldErrors?: Record<string, string>;
  /** The session is too old to add a password with: sign in with Google again, then come back. */
  signInAgain?: { message: string; returnPath: string; isGoogleEnabled: boolean } | null;
};

export function CompleteProfilePage(props: CompleteProfilePageProps) {
  const fieldErrors = props.fieldErrors ?? {};
  return (
    <AccountLayout title="Complete Your Profile" notice={props.notice}>
      <p>
        Signed in as <strong>{props.email}</strong>.
        {props.needsPassword
          ? " Choose a password too, so that you can also log in with your email."
          : ""}
      </p>
      <FormMessage message={props.message} />
      {props.signInAgain ? (
        <SignInAgain {...props.signInAgain} />
      ) : (
        <ProfileForm {...props} fieldErrors={fieldErrors} />
      )}
    </AccountLayout>
  );
}

function ProfileForm(props: CompleteProfilePageProps & { fieldErrors: Record<string, string> }) {
  const { fieldErrors } = props;
  return (
    <Form method="post" className="account__form">
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <NameFields fieldErrors={fieldErrors} values={props} />
      {props.needsPassword ? <NewPasswordFields fieldErrors={fieldErrors} /> : null}
      <SubmitButton pendingLabel="Updating...">Complete Profile</SubmitButton>
    </Form>
  );
}

/**
 * Posts to the login page's Google button, which comes back here once Google has signed them in. A
 * document post: the login page does not hydrate, so an answer it gives (Google could not be reached)
 * must arrive as its page, not as data for a page the browser would then load afresh without it.
 */
function SignInAgain(props: { message: string; returnPath: string; isGoogleEnabled: boolean }) {
  return (
    <Form method="post" action={accountPaths.login} reloadDocument className="account__form">
      <p className="message message--info" role="alert">
        {props.message}
      </p>
      <input type="hidden" name="redirectTo" value={props.returnPath} />
      <SubmitButton
        intent="google"
        pendingLabel="Opening Google..."
        className="button"
        disabled={!props.isGoogleEnabled}
      >
        Sign in with Google again
      </SubmitButton>
      {props.isGoogleEnabled ? null : (
        <p className="account__small">
          Google sign-in is off on this server right now. Use Forgot your password? on the login
          page to set a password by email instead.
        </p>
      )}
    </Form>
  );
}
