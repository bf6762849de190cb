import { Readable } from "node:stream";
import { contentDisposition } from "./abstract-checks";

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

/**
 * The response for an uploaded PDF the viewer may open (an abstract, final materials), or the same 404
 * as for a file that does not exist. `audit` runs before the bytes go out; if it fails, the file is
 * closed and the error stands, so an admin's download is never served unrecorded.
 */
export async function uploadedPdfResponse(
  file: { body: Readable; size: number; fileName: string } | null,
  audit?: () => Promise<void>,
): Promise<Response> {
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  if (audit) {
    try {
      await audit();
    } catch (error) {
      file.body.destroy();
      throw error;
    }
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: uploadedPdfHeaders(file.size, contentDisposition(file.fileName)),
  });
}

/** Every uploaded PDF's headers, with its length and how it is named. */
export function uploadedPdfHeaders(size: number, disposition: string): Record<string, string> {
  return {
    ...downloadSecurityHeaders,
    "Content-Length": String(size),
    "Content-Disposition": disposition,
  };
}
