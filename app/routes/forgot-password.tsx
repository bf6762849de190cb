import { data } from "react-router";
import { emailOnlyForm } from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { ForgotPasswordPage } from "~/features/accounts/password-reset-pages";
import { requestPasswordReset } from "~/features/accounts/passwords.server";
import { readForm } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => accountMeta("Reset Your Password");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

// Rendered on the server: a route with only a client loader would get a fallback there.
export function loader() {
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = readForm(emailOnlyForm, await request.formData());
  if (!form.ok) return data({ message: form.message }, 400);
  // The same answer whether or not the address has an account.
  const outcome = await requestPasswordReset(request, form.value.email);
  if (!outcome.ok) return data({ message: accountRefusalMessage(outcome) }, 429);
  return { sentTo: form.value.email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <ForgotPasswordPage
      sentTo={actionData && "sentTo" in actionData ? actionData.sentTo : undefined}
      message={actionData && "message" in actionData ? actionData.message : undefined}
    />
  );
}
