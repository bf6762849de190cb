import { Readable } from "node:stream";
import { mediaStoragePrefix } from "~/lib/media/media-limits";
import type { FileStorage } from "~/lib/storage/file-storage";

/**
 * A media file's public name: the SHA-256 of its bytes and its type. Anything else (`../`, an encoded
 * slash, a very long name, capitals) never reaches the storage.
 */
const mediaFileName = /^([0-9a-f]{64})\.(webp|pdf)$/;

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain", "X-Content-Type-Options": "nosniff" },
  });

/**
 * `GET /media/{sha256}.{webp|pdf}`: a stored media file. Its name is the hash of its bytes, so it never
 * changes and every cache may keep it for a year (`immutable`: browsers do not even revalidate); the
 * ETag is that hash. The type comes from the name, never sniffed; a PDF gets the uploaded files'
 * sandbox (no script runs as the site, even in a crafted file) and opens in the browser's viewer.
 */
export async function serveMediaFile(
  storage: Pick<FileStorage, "open">,
  name: string | undefined,
  request: Request,
): Promise<Response> {
  const match = mediaFileName.exec(name ?? "");
  if (!match) return notFound();
  const [, hash, extension] = match;
  const etag = `"${hash}"`;
  const headers: Record<string, string> = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...(extension === "pdf"
      ? {
          "Content-Type": "application/pdf",
          "Content-Security-Policy": "sandbox; default-src 'none'; frame-ancestors 'self'",
          "Content-Disposition": 'inline; filename="program.pdf"',
        }
      : { "Content-Type": "image/webp" }),
  };
  const file = await storage.open(`${mediaStoragePrefix}${name}`);
  if (!file) return notFound();
  const matches = request.headers
    .get("if-none-match")
    ?.split(",")
    .some((tag) => tag.trim().replace(/^W\//, "") === etag);
  if (matches) {
    file.body.destroy();
    return new Response(null, { status: 304, headers });
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: { ...headers, "Content-Length": String(file.size) },
  });
}
