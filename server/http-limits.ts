import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";

/**
 * How long a client may take, and how much it may send. Every form on the site is a few fields, so a body
 * over `formBodyLimitBytes` is refused before it is read; only the uploads stream (abstracts and final
 * materials capped by MAX_UPLOAD_MB, editors' pictures by 15 MB, while they stream). The timeouts drop
 * clients that send nothing, while a 10 MB upload over a slow link (about 300 kbit/s) still finishes.
 */
export const httpLimits = {
  /** Largest body of any request but the uploads (abstracts, final materials, editors' media). */
  formBodyLimitBytes: 64 * 1024,
  /** The request line and every header must arrive within this (Node's `headersTimeout`). */
  headersTimeoutMs: 10_000,
  /** A form body (at most 64 KB) must arrive within this, or the request gets 408. */
  formBodyTimeoutMs: 10_000,
  /** The whole request, upload included, must arrive within this (Node's `requestTimeout`). */
  requestTimeoutMs: 300_000,
  /** A connection on which nothing moves for this long, in either direction, is closed. */
  idleTimeoutMs: 30_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let them run late). */
  connectionsCheckingIntervalMs: 1_000,
} as const;

/**
 * The request bodies that stream instead of being read whole: the PDF uploads and the editors' media
 * (the JSON endpoint, and the forms' uploads without JavaScript: the home form's pictures, an edition
 * page's files, a board member's portrait).
 */
const streamedUploadPaths = new Set([
  "/sculc/submit-abstract",
  "/sculc/final-materials",
  "/user-data/content/media",
  "/user-data/content/home/pictures",
]);

/**
 * The streamed uploads whose address names what they are for: an edition page's files, a season's
 * portrait (the member in its query).
 */
const streamedUploadPatterns = [
  /^\/user-data\/content\/editions\/\d{4}\/pages\/\d{1,3}\/files$/,
  /^\/user-data\/content\/board\/[^/]+\/portrait$/,
];

export function isStreamedUpload(req: IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  const path = pathOf(req.url);
  return (
    streamedUploadPaths.has(path) || streamedUploadPatterns.some((pattern) => pattern.test(path))
  );
}

function pathOf(url: string | undefined): string {
  const path = ((url ?? "/").split("?")[0] ?? "/").toLowerCase();
  // Route matching ignores case, and `/sculc/submit-abstract.data` (a post from the page's JavaScript)
  // or `/sculc/submit-abstract/_.data` reach the same action.
  return path.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "") || "/";
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Reads the body of every request but the upload into `req.body` (a Buffer), refusing with 413 as soon as
 * it is larger than the limit: at once when Content-Length says so, else while the bytes arrive (a
 * chunked body is counted and cut off), so no more than the limit is ever held. A body that stalls gets
 * 408. The React Router handler (server/router-handler.ts) hands `req.body` to the action.
 */
export function boundedRequestBodies(
  limitBytes = httpLimits.formBodyLimitBytes,
  timeoutMs = httpLimits.formBodyTimeoutMs,
): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req) || isStreamedUpload(req)) return next();
    if (Number(req.headers["content-length"]) > limitBytes) return refuse(req, res, 413);
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      stop();
      refuse(req, res, 408);
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        stop();
        refuse(req, res, 413);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      req.body = Buffer.concat(chunks, size);
      next();
    };
    // The client went away mid-body: there is nobody to answer.
    const onError = () => stop();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

const refusals = {
  408: {
    title: "Request timed out",
    text: "The form took too long to arrive. Please check your connection and send it again.",
  },
  413: {
    title: "Form too large",
    text: `What you sent is larger than this site accepts (${httpLimits.formBodyLimitBytes / 1024} KB). Please go back, shorten it and send it again.`,
  },
} as const;

/** How much of a refused body is read and thrown away, at most, before the connection is cut. */
const drainLimitBytes = 4 * 1024 * 1024;
const drainTimeoutMs = 10_000;

/**
 * Answers at once. A client still sending a refused body must not have its connection reset before it
 * has read the answer (it would see a network error instead of the message), so the rest of the body
 * is read and thrown away, never kept, up to a few megabytes or seconds; then the connection is cut.
 * A stalled body (408) has nothing more coming: that connection closes after the answer.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: 408 | 413) {
  const { title, text } = refusals[status];
  const wantsHtml = (req.headers.accept ?? "").includes("text/html");
  const body = wantsHtml
    ? `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p><p><a href="/">Home page</a></p></html>`
    : `${text}\n`;
  res.statusCode = status;
  res.setHeader(
    "Content-Type",
    wantsHtml ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
  );
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.setHeader("Cache-Control", "no-store");
  if (status === 408) res.setHeader("Connection", "close");
  res.end(body);
  let drained = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, drainTimeoutMs).unref();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > drainLimitBytes) cut();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}
