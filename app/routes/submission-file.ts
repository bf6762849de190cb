import { Readable } from "node:stream";
import { requireUser } from "~/features/accounts/session.server";
import { recordAbstractDownload } from "~/features/admin/audit-log.server";
import { contentDisposition } from "~/features/submissions/abstract-checks";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { openSubmissionFile } from "~/features/submissions/submissions.server";
import type { Route } from "./+types/submission-file";

/**
 * Uploaded files are someone else's bytes served from the site's own origin: a file that is both a PDF
 * and an HTML page with a script must never run as the site. So the type is always PDF and never sniffed,
 * and the policy sandboxes the document (an opaque origin: no cookies, no storage, no script with the
 * site's rights) and lets it load nothing. Chromium's PDF viewer still shows it inline: the viewer is
 * the browser's own page, not the sandboxed document (checked in e2e/uploaded-files.spec.ts).
 */
const downloadSecurityHeaders = {
  "Content-Type": "application/pdf",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "private, no-store",
};

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
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  if (viewer.isAdmin) {
    try {
      await recordAbstractDownload(deps.db, { admin: viewer, submissionId: params.id });
    } catch (error) {
      file.body.destroy();
      throw error;
    }
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      ...downloadSecurityHeaders,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.fileName),
    },
  });
}
