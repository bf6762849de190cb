import { data } from "react-router";
import { emailOnlyForm, verifyEmailForm } from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { explicitReturnPath } from "~/features/accounts/paths";
import { resendVerificationEmail, verifyEmailToken } from "~/features/accounts/registration.server";
import { VerifyEmailPage } from "~/features/accounts/verify-email-page";
import { readForm, readIntent } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => accountMeta("Verify Your Email");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

/**
 * Opening the mailed link changes nothing: mail scanners fetch links, and a scanner's visit must not
 * verify an account someone else registered with this address. The page asks for a press of its button.
 */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") || null;
  return {
    token,
    result: token ? ("pending" as const) : ("invalid" as const),
    // The page registration started from (the mailed link carries it): logging in returns there.
    returnPath: explicitReturnPath(url.searchParams.get("redirectTo")),
  };
}

/** Two forms post here: the Verify button (intent "verify") and the request for a new link. */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (readIntent(formData, ["verify"]) === "verify") {
    const form = readForm(verifyEmailForm, formData);
    if (!form.ok) return data({ result: "invalid" as const, message: null }, 400);
    const outcome = await verifyEmailToken(form.value.token);
    if (outcome.ok) return { result: "verified" as const, message: null };
    return data({ result: outcome.reason, message: null }, 400);
  }
  const form = readForm(emailOnlyForm, formData);
  if (!form.ok) return data({ result: "resent" as const, message: form.message }, 400);
  const sent = await resendVerificationEmail(request, form.value.email);
  return sent.ok
    ? {
        result: "resent" as const,
        message: "A new verification link was sent successfully. Please check your inbox.",
      }
    : data({ result: "resent" as const, message: accountRefusalMessage(sent) }, 429);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <VerifyEmailPage
      token={loaderData.token}
      result={actionData?.result ?? loaderData.result}
      message={actionData?.message}
      returnPath={loaderData.returnPath}
    />
  );
}
