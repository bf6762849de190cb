import { data, redirect } from "react-router";
import {
  completeProfileForm,
  completeProfileWithPasswordForm,
  typedAccountValues,
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
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/complete-profile";

export const meta: Route.MetaFunction = () => accountMeta("Complete Your Profile");

// A document without framework JavaScript: its form posts as the browser's own (app/root.tsx), so a
// refusal answers with the names as typed.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

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
  const { firstName, lastName } = typedAccountValues(formData);
  const values = { firstName, lastName };
  if (!form.ok)
    return data(
      { message: form.message, fieldErrors: form.fieldErrors, signInAgain: null, values },
      400,
    );
  const outcome = await completeProfile(request, user, form.value);
  if (!outcome.ok && outcome.reason === "freshSignInNeeded") {
    const redirectTo = safeReturnPath(formData.get("redirectTo"), "/");
    return data(
      { message: null, fieldErrors: {}, signInAgain: signInAgainProps(redirectTo), values },
      403,
    );
  }
  if (!outcome.ok) {
    const isPasswordRule = outcome.reason.startsWith("password");
    return data(
      { message: accountRefusalMessage(outcome), fieldErrors: {}, signInAgain: null, values },
      isPasswordRule ? 400 : 500,
    );
  }
  throw redirect(safeReturnPath(formData.get("redirectTo"), "/"));
}

export default function CompleteProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CompleteProfilePage
      {...loaderData}
      {...actionData?.values}
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
      signInAgain={actionData?.signInAgain ?? loaderData.signInAgain}
    />
  );
}
