import { data, redirect } from "react-router";
import {
  changePasswordForm,
  editProfileForm,
  typedAccountValues,
} from "~/features/accounts/account-forms.server";
import { accountMessages, accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { EditProfilePage } from "~/features/accounts/edit-profile-page";
import { changePassword } from "~/features/accounts/passwords.server";
import { accountPaths } from "~/features/accounts/paths";
import { updateProfileNames } from "~/features/accounts/profile.server";
import { requireProfile, SessionUnavailableError } from "~/features/accounts/session.server";
import { readProfileAffiliation } from "~/features/submissions/submission-details.server";
import { getDatabase } from "~/lib/db/db.server";
import { readForm, readIntent } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/edit-profile";

export const meta: Route.MetaFunction = () => accountMeta("Edit Profile");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx), so a
// refused save answers with the names and affiliation as typed.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  try {
    const user = requireProfile(context, url);
    return {
      profile: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        affiliation: await readProfileAffiliation(getDatabase().db, user.id),
      },
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
      return data(
        { form: "profile" as const, message: accountMessages.profileSaveFailed, fieldErrors: {} },
        503,
      );
    }
    throw error;
  }
  const formData = await request.formData();
  // Two forms post here: the names (the default) and the password change (intent "password").
  if (readIntent(formData, ["password"]) === "password") {
    const form = readForm(changePasswordForm, formData);
    if (!form.ok)
      return data(
        { form: "password" as const, message: form.message, fieldErrors: form.fieldErrors },
        400,
      );
    const outcome = await changePassword(request, user, form.value);
    if (!outcome.ok)
      return data(
        { form: "password" as const, message: accountRefusalMessage(outcome), fieldErrors: {} },
        400,
      );
    return data(
      { form: "password" as const, message: accountMessages.passwordChanged, fieldErrors: {} },
      { headers: outcome.value },
    );
  }
  const values = profileValues(formData);
  const form = readForm(editProfileForm, formData);
  if (!form.ok)
    return data(
      { form: "profile" as const, message: form.message, fieldErrors: form.fieldErrors, values },
      400,
    );
  const outcome = await updateProfileNames(user, form.value);
  if (!outcome.ok)
    return data(
      {
        form: "profile" as const,
        message: accountRefusalMessage(outcome),
        fieldErrors: {},
        values,
      },
      500,
    );
  throw redirect(`${accountPaths.profile}?updated=1`);
}

/** The profile form's fields as typed, to draw them again after a refusal. */
function profileValues(formData: FormData) {
  const { firstName, lastName, affiliation } = typedAccountValues(formData);
  return { firstName, lastName, affiliation };
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EditProfilePage
      profile={loaderData.profile}
      message={
        actionData?.form === "password"
          ? loaderData.message
          : (actionData?.message ?? loaderData.message)
      }
      fieldErrors={actionData?.form === "password" ? undefined : actionData?.fieldErrors}
      values={actionData && "values" in actionData ? actionData.values : undefined}
      passwordMessage={actionData?.form === "password" ? actionData.message : null}
      passwordFieldErrors={actionData?.form === "password" ? actionData.fieldErrors : undefined}
    />
  );
}
