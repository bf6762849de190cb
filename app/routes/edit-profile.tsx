import { data, redirect } from "react-router";
import { editProfileForm } from "~/features/accounts/account-forms";
import { accountMeta } from "~/features/accounts/account-meta";
import { accountMessages, updateProfileNames } from "~/features/accounts/accounts.server";
import { EditProfilePage } from "~/features/accounts/edit-profile-page";
import { accountPaths } from "~/features/accounts/paths";
import { requireProfile, SessionUnavailableError } from "~/features/accounts/session.server";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/edit-profile";

export const meta: Route.MetaFunction = () => accountMeta("Edit Profile");

export function loader({ context, url }: Route.LoaderArgs) {
  try {
    const user = requireProfile(context, url);
    return {
      profile: { email: user.email, firstName: user.firstName, lastName: user.lastName },
      message: null,
    };
  } catch (error) {
    if (error instanceof SessionUnavailableError) {
      return { profile: null, message: accountMessages.profileReadFailed };
    }
    throw error;
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  let user: ReturnType<typeof requireProfile>;
  try {
    user = requireProfile(context, url);
  } catch (error) {
    if (error instanceof SessionUnavailableError) {
      return data({ message: accountMessages.profileSaveFailed, fieldErrors: {} }, 503);
    }
    throw error;
  }
  const form = parseForm(editProfileForm, await request.formData());
  if (!form.isValid) return data({ message: form.message, fieldErrors: form.fieldErrors }, 400);
  const outcome = await updateProfileNames(user, form.data);
  if (!outcome.ok) return data({ message: outcome.message, fieldErrors: {} }, 500);
  throw redirect(`${accountPaths.profile}?updated=1`);
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EditProfilePage
      profile={loaderData.profile}
      message={actionData?.message ?? loaderData.message}
      fieldErrors={actionData?.fieldErrors}
    />
  );
}
