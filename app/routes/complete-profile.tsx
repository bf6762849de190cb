import { data, redirect } from "react-router";
import {
  completeProfileForm,
  completeProfileWithPasswordForm,
} from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { CompleteProfilePage } from "~/features/accounts/complete-profile-page";
import { hasPassword } from "~/features/accounts/passwords.server";
import { knownNotice, safeReturnPath } from "~/features/accounts/paths";
import { completeProfile } from "~/features/accounts/profile.server";
import { requireUser } from "~/features/accounts/session.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/complete-profile";

export const meta: Route.MetaFunction = () => accountMeta("Complete Your Profile");

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/");
  const needsPassword = !(await hasPassword(user.id));
  if (user.hasProfile && !needsPassword) throw redirect(redirectTo);
  return {
    notice: knownNotice(url.searchParams.get("message")),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    needsPassword,
    redirectTo,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const formData = await request.formData();
  const needsPassword = !(await hasPassword(user.id));
  const form = readForm(
    needsPassword ? completeProfileWithPasswordForm : completeProfileForm,
    formData,
  );
  if (!form.ok) return data({ message: form.message, fieldErrors: form.fieldErrors }, 400);
  const outcome = await completeProfile(request, user, form.value);
  if (!outcome.ok) return data({ message: accountRefusalMessage(outcome), fieldErrors: {} }, 500);
  throw redirect(safeReturnPath(formData.get("redirectTo"), "/"));
}

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CompleteProfilePage
      {...loaderData}
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
    />
  );
}
