import { Readable } from "node:stream";
import { requireUser } from "~/features/accounts/session.server";
import { contentDisposition } from "~/features/submissions/abstract-checks";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { openSubmissionFile } from "~/features/submissions/submissions.server";
import type { Route } from "./+types/submission-file";

// A submitted abstract, for its owner or an admin (helmet adds `X-Content-Type-Options: nosniff` to
// every response). Everyone else gets the same 404 as for a file that
// does not exist, so nobody can probe for other people's submissions.
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const viewer = requireUser(context, url);
  const file = await openSubmissionFile(getSubmissionDependencies(), {
    submissionId: params.id,
    viewerId: viewer.id,
    viewerIsAdmin: viewer.isAdmin,
  });
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.fileName),
      "Cache-Control": "private, no-store",
    },
  });
}
