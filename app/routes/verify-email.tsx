import { data } from "react-router";
import { emailOnlyForm } from "~/features/accounts/account-forms";
import { accountMeta } from "~/features/accounts/account-meta";
import { resendVerificationEmail, verifyEmailToken } from "~/features/accounts/accounts.server";
import { VerifyEmailPage } from "~/features/accounts/verify-email-page";
import { parseForm } from "~/lib/forms";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => accountMeta("Verify Your Email");

export async function loader({ url }: Route.LoaderArgs) {
  const outcome = await verifyEmailToken(url.searchParams.get("token") ?? "");
  return { result: outcome.ok ? ("verified" as const) : outcome.reason };
}

export async function action({ request }: Route.ActionArgs) {
  const form = parseForm(emailOnlyForm, await request.formData());
  if (!form.isValid) return data({ message: form.message }, 400);
  const sent = await resendVerificationEmail(request, form.data.email);
  return sent.ok
    ? { message: "A new verification link was sent successfully. Please check your inbox." }
    : data({ message: sent.message }, 429);
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <VerifyEmailPage result={loaderData.result} message={actionData?.message} />;
}
