import { data, redirect } from "react-router";
import { emailOnlyForm, loginForm } from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { LoginPage } from "~/features/accounts/login-page";
import { explicitReturnPath, knownNotice } from "~/features/accounts/paths";
import { resendVerificationEmail } from "~/features/accounts/registration.server";
import { getSessionState } from "~/features/accounts/session.server";
import {
  continueSignedIn,
  googleErrorMessage,
  isGoogleSignInEnabled,
  signInWithPassword,
  startGoogleSignIn,
} from "~/features/accounts/sign-in.server";
import { readForm, readIntent } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => accountMeta("Log In");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = explicitReturnPath(url.searchParams.get("redirectTo"));
  const session = getSessionState(context);
  // Also where Google sign-in comes back to: a signed-in visitor moves on (or completes the profile).
  if (session.status === "signed-in") continueSignedIn(session.user, redirectTo);
  const googleError =
    url.searchParams.get("provider") === "google" ? url.searchParams.get("error") : null;
  return {
    notice: knownNotice(url.searchParams.get("message")),
    redirectTo,
    isGoogleEnabled: isGoogleSignInEnabled(),
    error: googleError ? googleErrorMessage(googleError) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  // The sign-in button posts no intent; the other two buttons name theirs.
  const intent = readIntent(formData, ["google", "resend-verification"]);
  const redirectTo = explicitReturnPath(formData.get("redirectTo"));

  if (intent === "google") {
    const started = await startGoogleSignIn(request, redirectTo);
    if (started instanceof Response) return started;
    return data(
      {
        message: accountRefusalMessage(started),
        email: undefined,
        canResendVerification: false,
      },
      400,
    );
  }

  if (intent === "resend-verification") {
    const form = readForm(emailOnlyForm, formData);
    if (!form.ok) {
      return data({ message: form.message, email: undefined, canResendVerification: false }, 400);
    }
    const sent = await resendVerificationEmail(request, form.value.email);
    return data(
      {
        message: sent.ok
          ? "Verification email sent successfully. Please check your inbox."
          : accountRefusalMessage(sent),
        email: form.value.email,
        canResendVerification: false,
      },
      sent.ok ? 200 : 429,
    );
  }

  const form = readForm(loginForm, formData);
  if (!form.ok) {
    return data({ message: form.message, email: undefined, canResendVerification: false }, 400);
  }
  const outcome = await signInWithPassword(request, { ...form.value, redirectTo });
  if (outcome.ok) throw redirect(outcome.value.redirectTo, { headers: outcome.value.headers });
  return data(
    {
      message: accountRefusalMessage(outcome),
      email: form.value.email,
      canResendVerification: outcome.reason === "unverified",
    },
    outcome.reason === "wrongCredentials" ? 401 : 400,
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginPage
      notice={loaderData.notice}
      redirectTo={loaderData.redirectTo}
      isGoogleEnabled={loaderData.isGoogleEnabled}
      message={actionData?.message ?? loaderData.error}
      email={actionData && "email" in actionData ? actionData.email : undefined}
      canResendVerification={
        actionData && "canResendVerification" in actionData
          ? actionData.canResendVerification
          : false
      }
    />
  );
}
