import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import { NameFields, NewPasswordFields } from "./account-fields";
import { AccountLayout } from "./account-layout";
import { affiliationLimits } from "./account-limits";
import { accountPaths } from "./paths";

export type EditProfilePageProps = {
  profile: { email: string; firstName: string; lastName: string; affiliation: string } | null;
  message?: string | null;
  fieldErrors?: Record<string, string>;
  /** The names and affiliation as typed in a refused save; the stored ones otherwise. */
  values?: { firstName: string; lastName: string; affiliation: string };
  passwordMessage?: string | null;
  passwordFieldErrors?: Record<string, string>;
};

export function EditProfilePage({
  profile,
  message,
  fieldErrors = {},
  values,
  passwordMessage,
  passwordFieldErrors = {},
}: EditProfilePageProps) {
  return (
    <AccountLayout title="Edit Profile">
      <FormMessage message={message} />
      {profile ? (
        <Form method="post" className="account__form">
          <TextField
            label="Email"
            name="email"
            type="email"
            readOnly
            value={profile.email}
            hint="Your email cannot be changed here."
          />
          <NameFields fieldErrors={fieldErrors} values={values ?? profile} />
          <TextField
            label="Affiliation (optional)"
            name="affiliation"
            autoComplete="organization"
            maxLength={affiliationLimits.max}
            defaultValue={(values ?? profile).affiliation}
            hint="Your university or institution. It fills in your affiliation when you submit an abstract."
            error={fieldErrors.affiliation}
          />
          <SubmitButton pendingLabel="Saving...">Save Changes</SubmitButton>
        </Form>
      ) : null}
      {profile ? (
        <section aria-labelledby="change-password-heading" className="account__section">
          <h2 id="change-password-heading">Change Password</h2>
          <FormMessage message={passwordMessage} />
          <Form method="post" className="account__form">
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={passwordFieldErrors.currentPassword}
            />
            <NewPasswordFields fieldErrors={passwordFieldErrors} label="New password" />
            <SubmitButton intent="password" pendingLabel="Changing...">
              Change Password
            </SubmitButton>
          </Form>
        </section>
      ) : null}
      <p>
        <Link to={accountPaths.profile}>Back to your profile</Link>
      </p>
    </AccountLayout>
  );
}
