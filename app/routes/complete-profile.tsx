import { data, redirect } from "react-router";
import {
  completeProfileForm,
  completeProfileWithPasswordForm,
} from "~/features/accounts/account-forms.server";
import { accountMessages, accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { CompleteProfilePage } from "~/features/accounts/complete-profile-page";
import { hasPassword } from "~/features/accounts/passwords.server";
import { completeProfilePath, knownNotice, safeReturnPath } from "~/features/accounts/paths";
import { completeProfile, needsFreshSignIn } from "~/features/accounts/profile.server";
import { requireUser } from "~/features/accounts/session.server";
import { isGoogleSignInEnabled } from "~/features/accounts/sign-in.server";
import { readForm } from "~/lib/forms.server";
import type { Route } from "./+types/complete-profile";

export const meta: Route.MetaFunction = () => accountMeta("Complete Your Profile");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/");
  const needsPassword = !(await hasPassword(user.id));
  if (user.hasProfile && !needsPassword) throw redirect(redirectTo);
  // A Google-only account adds its password only within minutes of signing in: an older session is
  // asked to sign in with Google again first, coming back here.
  const mustSignInAgain = needsPassword && (await needsFreshSignIn(request));
  return {
    notice: knownNotice(url.searchParams.get("message")),
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    needsPassword,
    redirectTo,
    signInAgain: mustSignInAgain ? signInAgainProps(redirectTo) : null,
  };
}

function signInAgainProps(redirectTo: string) {
  return {
    message: accountMessages.freshSignInNeeded,
    returnPath: completeProfilePath({ redirectTo }),
    isGoogleEnabled: isGoogleSignInEnabled(),
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
  if (!form.ok)
    return data({ message: form.message, fieldErrors: form.fieldErrors, signInAgain: null }, 400);
  const outcome = await completeProfile(request, user, form.value);
  if (!outcome.ok && outcome.reason === "freshSignInNeeded") {
    const redirectTo = safeReturnPath(formData.get("redirectTo"), "/");
    return data({ message: null, fieldErrors: {}, signInAgain: signInAgainProps(redirectTo) }, 403);
  }
  if (!outcome.ok) {
    const isPasswordRule = outcome.reason.startsWith("password");
    return data(
      { message: accountRefusalMessage(outcome), fieldErrors: {}, signInAgain: null },
      isPasswordRule ? 400 : 500,
    );
  }
  throw redirect(safeReturnPath(formData.get("redirectTo"), "/"));
}

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CompleteProfilePage
      {...loaderData}
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
      signInAgain={actionData?.signInAgain ?? loaderData.signInAgain}
    />
  );
}
