import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { handleMaterialConsentAction } from "~/features/presenters/final-materials-consent-actions.server";
import { FinalMaterialsResultPage } from "~/features/presenters/final-materials-result-page";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/final-materials-consent";

// The presenter's consent to publishing their final materials, changed without uploading again.

export const meta: Route.MetaFunction = () => accountMeta("Final materials");

// A document, as the congratulations page whose forms post here. Its loader answers nothing and
// never redirects: after a refused post the page is drawn with the loaders run again, and a redirect
// there would hide the refusal. Opened directly, it shows only the way back.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return null;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  return handleMaterialConsentAction(
    getSubmissionDependencies().db,
    {
      userId: user.id,
      submissionId: url.searchParams.get("submission") ?? "",
      edition: getCurrentEdition(),
    },
    await request.formData(),
  );
}

export default function FinalMaterialsConsent({ actionData }: Route.ComponentProps) {
  return <FinalMaterialsResultPage message={actionData?.message ?? null} />;
}
