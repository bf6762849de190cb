import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type express from "express";
import type { RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { sendBusy } from "./database-busy";
import { compressWholeBody } from "./whole-body-compression";

/**
 * The React Router request handler for Express, as @react-router/express builds it, except for the body:
 * a body already read (and bounded) by `boundedRequestBodies` is handed over from `req.body`, and only
 * the upload streams straight from the connection. (The adapter always streams from `req`, which the
 * bound has already consumed.)
 */
export function createRouterRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /** Whether the database pool turned a query of this request away; it answers 503 then. */
  isRefusedByDatabase?: () => boolean;
  /**
   * How much of an upload answered before it was read is read and dropped to keep the connection
   * (the upload limit; Node's requestTimeout bounds how long that may take).
   */
  maxUnreadBodyBytes: number;
}): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res);
      const response = await handleRequest(request, options.getLoadContext(req, res));
      if (request.body && !request.bodyUsed && !req.complete) {
        discardUnreadBody(req, request.body, options.maxUnreadBodyBytes);
      }
      // Whatever the page made of the refusal (an error page, a signed-out header for a signed-in
      // visitor, a "could not read" message), it was not the page asked for: say busy, retry soon.
      if (options.isRefusedByDatabase?.() && !res.headersSent) {
        await response.body?.cancel();
        sendBusy(req, res);
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: express.Request, res: express.Response): Request {
  // The public host and port, exactly as @react-router/express computes them.
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const parsedForwardedPort = Number.parseInt(forwardedPort ?? "", 10);
  const parsedHostPort = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(parsedForwardedPort)
    ? parsedForwardedPort
    : Number.isSafeInteger(parsedHostPort)
      ? parsedHostPort
      : "";
  // A request without a Host header (HTTP/1.0, or hand-made) has no hostname.
  const hostname = (req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost";
  // Only origin-form targets (`/path?query`) name a page; `http://other.host/` or `*` do not.
  if (!req.originalUrl.startsWith("/")) throw badRequest();
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    throw badRequest();
  }

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
    else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

/**
 * An upload answered before its body was read (refused from its headers: someone else's abstract, a
 * closed call) still has its body on the connection. Unread, it would be parsed as the next request on
 * a kept-alive connection (a client reusing it sees a reset) and the client would stall sending it.
 * So the rest is read and dropped, as the upload pipeline drops a refused file; past the limit the
 * connection is closed instead.
 */
function discardUnreadBody(req: express.Request, body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  let seen = 0;
  const drop = async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel();
        req.socket.destroy();
        return;
      }
    }
  };
  drop().catch(() => {});
}

function badRequest() {
  return Object.assign(new Error("The request's address cannot be read"), { status: 400 });
}

async function sendResponse(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A route's own header replaces the one middleware set for every response (the file download's
  // Content-Security-Policy replaces the pages' policy); cookies add up.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  // A body of known length (a whole document, app/entry.server.tsx) is compressed in one call and goes
  // out in one write (server/whole-body-compression.ts).
  if (response.headers.has("content-length")) {
    const body = Buffer.from(await response.arrayBuffer());
    res.end(await compressWholeBody(res.req, res, body));
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
