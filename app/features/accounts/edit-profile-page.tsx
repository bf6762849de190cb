import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { TextField } from "~/components/text-field";
import { nameLimits } from "./account-forms";
import { AccountLayout } from "./account-layout";
import { accountPaths } from "./paths";

export type EditProfilePageProps = {
  profile: { email: string; firstName: string; lastName: string } | null;
  message?: string | null;
  fieldErrors?: Record<string, string>;
};

export function EditProfilePage({ profile, message, fieldErrors = {} }: EditProfilePageProps) {
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
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            maxLength={nameLimits.max}
            defaultValue={profile.firstName}
            error={fieldErrors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            maxLength={nameLimits.max}
            defaultValue={profile.lastName}
            error={fieldErrors.lastName}
          />
          <SubmitButton pendingLabel="Saving...">Save Changes</SubmitButton>
        </Form>
      ) : null}
      <p>
        <Link to={accountPaths.profile}>Back to your profile</Link>
      </p>
    </AccountLayout>
  );
}
