import { data } from "react-router";
import { registerForm, typedAccountValues } from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { explicitReturnPath } from "~/features/accounts/paths";
import { RegisterPage } from "~/features/accounts/register-page";
import { registerAccount } from "~/features/accounts/registration.server";
import { getSessionState } from "~/features/accounts/session.server";
import { continueSignedIn } from "~/features/accounts/sign-in.server";
import { readForm } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => accountMeta("Create an Account");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader({ context, url }: Route.LoaderArgs) {
  const session = getSessionState(context);
  if (session.status === "signed-in") {
    continueSignedIn(session.user, explicitReturnPath(url.searchParams.get("redirectTo")));
  }
  return null;
}

export async function action({ request, url }: Route.ActionArgs) {
  const formData = await request.formData();
  const values = typedAccountValues(formData);
  const form = readForm(registerForm, formData);
  if (!form.ok) {
    return data({ message: form.message, fieldErrors: form.fieldErrors, values }, 400);
  }
  const outcome = await registerAccount(
    request,
    form.value,
    explicitReturnPath(url.searchParams.get("redirectTo")),
  );
  if (!outcome.ok)
    return data({ message: accountRefusalMessage(outcome), fieldErrors: {}, values }, 400);
  return { registeredEmail: form.value.email };
}

export default function Register({ actionData }: Route.ComponentProps) {
  if (actionData && "registeredEmail" in actionData) {
    return <RegisterPage registeredEmail={actionData.registeredEmail} />;
  }
  return (
    <RegisterPage
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
      values={actionData?.values}
    />
  );
}
