import { data, redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { finalMaterialPaths } from "~/features/presenters/final-material-paths";
import {
  materialUploadRefusal,
  receiveFinalMaterialUpload,
} from "~/features/presenters/final-material-upload.server";
import { finalMaterialLimits } from "~/features/presenters/final-materials.server";
import { FinalMaterialsResultPage } from "~/features/presenters/final-materials-result-page";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { getEnv } from "~/lib/env.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import { retryAfterHeader } from "~/lib/uploads/pdf-upload";
import type { Route } from "./+types/final-materials";

// A presenter's final slides or poster: the congratulations page's upload form posts here (a streamed
// body, like the abstract upload: server/http-limits.ts). Success goes back to that page with a
// message; a refusal is answered here, with its status and a way back.

export const meta: Route.MetaFunction = () => accountMeta("Final materials");

// A document, as the congratulations page whose forms post here. Its loader answers nothing and
// never redirects: after a refused post the page is drawn with the loaders run again, and a redirect
// there would hide the refusal. Opened directly, it shows only the way back.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return null;
}

// A refusal's Retry-After (the upload limits) goes out with the page that shows it.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const outcome = await receiveFinalMaterialUpload(getSubmissionDependencies(), request, {
    userId: user.id,
    submissionId: url.searchParams.get("submission") ?? "",
    edition: getCurrentEdition(),
    maxBytes: getEnv().maxUploadBytes,
    maxPages: finalMaterialLimits.maxPages,
  });
  if (outcome.ok)
    throw redirect(finalMaterialPaths.back(outcome.value.replaced ? "replaced" : "uploaded"));
  const refusal = materialUploadRefusal(
    outcome.reason,
    outcome.pageCount,
    outcome.retryAfterSeconds,
  );
  return data(
    { message: refusal.message },
    { status: refusal.status, headers: retryAfterHeader(outcome.retryAfterSeconds) },
  );
}

export default function FinalMaterials({ actionData }: Route.ComponentProps) {
  return <FinalMaterialsResultPage message={actionData?.message ?? null} />;
}
