import { requireUser } from "~/features/accounts/session.server";
import { recordAbstractDownload } from "~/features/admin/audit-log.server";
import { uploadedPdfResponse } from "~/features/submissions/download-headers";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { openSubmissionFile } from "~/features/submissions/submission-files.server";
import type { Route } from "./+types/submission-file";

// A submitted abstract, for its owner or an admin. Everyone else gets the same 404 as for a file that
// does not exist, so nobody can probe for other people's submissions. An admin opening someone else's
// file is recorded in the audit log.
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const viewer = requireUser(context, url);
  const deps = getSubmissionDependencies();
  const file = await openSubmissionFile(deps, {
    submissionId: params.id,
    viewerId: viewer.id,
    viewerIsAdmin: viewer.isAdmin,
  });
  return uploadedPdfResponse(
    file,
    viewer.isAdmin
      ? () => recordAbstractDownload(deps.db, { admin: viewer, submissionId: params.id })
      : undefined,
  );
}
