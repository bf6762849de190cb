import { listEditions } from "~/content/editions";
import { getSessionState, SessionUnavailableError } from "~/features/accounts/session.server";
import { recordFinalMaterialDownload } from "~/features/admin/audit-log.server";
import { openFinalMaterialFile } from "~/features/presenters/final-materials.server";
import { uploadedPdfResponse } from "~/features/submissions/download-headers";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import type { Route } from "./+types/final-material-file";

// A presenter's final slides or poster: for the presenter, for admins (audited), and for everyone once
// it is published (consented to, and the conference day has passed). Everyone else gets the same 404
// as for a file that does not exist. The headers are the abstracts' (routes/submission-file.ts): the
// bytes are someone else's, served from the site's origin.
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = getSessionState(context);
  if (session.status === "unavailable") throw new SessionUnavailableError();
  const viewer = session.status === "signed-in" ? session.user : null;
  const deps = getSubmissionDependencies();
  const file = await openFinalMaterialFile(deps, {
    submissionId: params.id,
    viewer,
    editionDateOf: (year) => listEditions().find((edition) => edition.year === year)?.date,
  });
  return uploadedPdfResponse(
    file,
    viewer && file?.audit
      ? () => recordFinalMaterialDownload(deps.db, { admin: viewer, submissionId: params.id })
      : undefined,
  );
}
