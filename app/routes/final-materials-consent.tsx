import { data, redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { finalMaterialPaths } from "~/features/presenters/final-material-paths";
import { materialRefusals, setMaterialConsent } from "~/features/presenters/final-materials.server";
import { FinalMaterialsResultPage } from "~/features/presenters/final-materials-result-page";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import type { Route } from "./+types/final-materials-consent";

// The presenter's consent to publishing their final materials, changed without uploading again.

export const meta: Route.MetaFunction = () => accountMeta("Final materials");

// No loader redirect: after a refused post, React Router renders this page with the loaders run
// again, and a redirect there would hide the refusal. Opened directly, it shows only the way back.

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const form = await request.formData();
  const mayPublish = form.get("mayPublish") === "yes";
  const outcome = await setMaterialConsent(getSubmissionDependencies().db, {
    userId: user.id,
    submissionId: url.searchParams.get("submission") ?? "",
    mayPublish,
    edition: getCurrentEdition(),
  });
  if (outcome.ok) throw redirect(finalMaterialPaths.back(mayPublish ? "published" : "unpublished"));
  const refusal = materialRefusals[outcome.reason];
  return data({ message: refusal.message }, refusal.status);
}

export default function FinalMaterialsConsent({ actionData }: Route.ComponentProps) {
  return <FinalMaterialsResultPage message={actionData?.message ?? null} />;
}
