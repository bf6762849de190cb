import { data } from "react-router";
import { resetPasswordForm } from "~/features/accounts/account-forms.server";
import { accountRefusalMessage } from "~/features/accounts/account-messages";
import { accountMeta } from "~/features/accounts/account-meta";
import { ResetPasswordPage } from "~/features/accounts/password-reset-pages";
import { resetPassword } from "~/features/accounts/passwords.server";
import { readForm } from "~/lib/forms.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => accountMeta("Choose a New Password");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") || null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = readForm(resetPasswordForm, await request.formData());
  if (!form.ok)
    return data({ message: form.message, fieldErrors: form.fieldErrors, isDone: false }, 400);
  const outcome = await resetPassword(request, form.value);
  if (!outcome.ok)
    return data({ message: accountRefusalMessage(outcome), fieldErrors: {}, isDone: false }, 400);
  return { message: null, fieldErrors: {}, isDone: true };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      token={loaderData.token}
      isDone={actionData?.isDone}
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
    />
  );
}
