import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { NameFields, NewPasswordFields } from "./account-fields";
import { AccountLayout } from "./account-layout";

export type CompleteProfilePageProps = {
  notice: string | null;
  email: string;
  firstName: string;
  lastName: string;
  needsPassword: boolean;
  redirectTo: string;
  message?: string | null;
  fieldErrors?: Record<string, string>;
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
      <Form method="post" className="account__form">
        <input type="hidden" name="redirectTo" value={props.redirectTo} />
        <NameFields fieldErrors={fieldErrors} values={props} />
        {props.needsPassword ? <NewPasswordFields fieldErrors={fieldErrors} /> : null}
        <SubmitButton pendingLabel="Updating...">Complete Profile</SubmitButton>
      </Form>
    </AccountLayout>
  );
}
