import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import type { RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { previewFrameOriginsHeader } from "~/lib/request-context";
import { wholeBodyOf } from "~/lib/whole-documents.server";
import { withFrameOrigins } from "./csp-frame-origins";
import { sendBusy } from "./database-busy";
import { createRouteSubsetHandler } from "./route-subsets";
import { compressWholeBody } from "./whole-body-compression";

/**
 * The React Router request handler for Express, as @react-router/express builds it, except for the body:
 * a body already read (and bounded) by `boundedRequestBodies` is handed over from `req.body`, and only
 * the upload streams straight from the connection. (The adapter always streams from `req`, which the
 * bound has already consumed.) Whatever of an upload's body the action left unread (refused from its
 * headers, refused before the body, or a form it stopped parsing) is read and dropped here, the one
 * place that does so.
 */
export function createRouterRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
  /**
   * Compresses a body as it streams out (the compression middleware): for the responses of unknown
   * length. A whole document is compressed in one call instead.
   */
  compressStream: RequestHandler;
  /** Whether the database pool turned a query of this request away; it answers 503 then. */
  isRefusedByDatabase?: () => boolean;
  /**
   * How much of an upload answered before it was read is read and dropped to keep the connection
   * (the upload limit; the form's fields come on top; Node's requestTimeout bounds how long it takes).
   */
  maxUnreadBodyBytes: number;
}): RequestHandler {
  // A production build is matched among the routes of each path's first segment (route-subsets.ts); in
  // development the build is reloaded on every request, whole.
  const handleRequest =
    typeof options.build === "function"
      ? createRequestHandler(options.build, options.mode)
      : createRouteSubsetHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const { request, upload } = toFetchRequest(req, res);
      const response = await handleRequest(request, options.getLoadContext(req, res));
      upload?.discardRest(options.maxUnreadBodyBytes + formFieldsAllowanceBytes);
      // Whatever the page made of the refusal (an error page, a signed-out header for a signed-in
      // visitor, a "could not read" message), it was not the page asked for: say busy, retry soon.
      if (options.isRefusedByDatabase?.() && !res.headersSent) {
        await response.body?.cancel();
        sendBusy(req, res);
        return;
      }
      await sendResponse(res, response, options.compressStream);
    } catch (error) {
      next(error);
    }
  };
}

/** Room for an upload form's text fields around its file when the rest of its body is dropped. */
const formFieldsAllowanceBytes = 1024 * 1024;

function toFetchRequest(
  req: express.Request,
  res: express.Response,
): { request: Request; upload?: ConnectionBody } {
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

  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers };
  let upload: ConnectionBody | undefined;
  // Only a request with a body follows its connection: an upload being stored or inspected stops when
  // its client goes. A GET's loaders take milliseconds and its body stops by itself when the connection
  // closes (sendResponse), and on Node 20 a Request that follows a signal costs 20 µs more to make
  // (a WeakRef, a FinalizationRegistry entry, a listener) than one that does not.
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.signal = abortedWhenClientGoes(res);
    if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
    else {
      upload = connectionBody(req);
      init.body = upload.stream;
      init.duplex = "half";
    }
  }
  return { request: new Request(url.href, init), upload };
}

/** Aborted when the connection closes before the response has finished. */
function abortedWhenClientGoes(res: express.Response): AbortSignal {
  let controller: AbortController | null = new AbortController();
  const { signal } = controller;
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  return signal;
}

type ConnectionBody = {
  stream: ReadableStream<Uint8Array>;
  /**
   * Ends the stream for its reader and reads the rest of the body from the connection, dropping it.
   * A body left on the connection would be parsed as the next request on a kept-alive connection (a
   * client reusing it sees a reset), and a client still sending it would stall and never read the
   * answer. Past `limit` (a body that would not have been accepted anyway) the connection is closed.
   */
  discardRest: (limit: number) => void;
};

/**
 * A streamed upload's body: chunks go to the action's reader as it asks for them (the connection is
 * paused while the reader is behind), until `discardRest` takes the connection back. A reader that
 * cancels lets go of the body the same way, never of the connection.
 */
function connectionBody(req: express.Request): ConnectionBody {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let isDiscarding = false;
  const enqueue = (chunk: Buffer) => {
    if (!controller) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const settle = (error?: Error) => {
    try {
      if (error) controller?.error(error);
      else controller?.close();
    } catch {
      // Already closed or errored.
    }
    controller = undefined;
  };
  const end = () => settle();
  // A connection that closes before the body is complete is a client gone, not the body's end.
  const close = () =>
    settle(req.complete ? undefined : new Error("the client closed the connection"));
  const discardRest = (limit: number) => {
    if (isDiscarding || req.complete || req.destroyed) return;
    isDiscarding = true;
    req.off("data", enqueue);
    settle();
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) req.socket.destroy();
    });
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        req.on("data", enqueue);
        req.once("end", end);
        req.once("close", close);
        // A client that goes away mid-body: the reader sees the error (the pipeline then drops its file).
        req.once("error", (error) => settle(error));
      },
      pull() {
        req.resume();
      },
      // The reader gave up: the connection waits, paused, for `discardRest` after the answer.
      cancel() {
        req.off("data", enqueue);
        controller = undefined;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, discardRest };
}

function badRequest() {
  return Object.assign(new Error("The request's address cannot be read"), { status: 400 });
}

async function sendResponse(
  res: express.Response,
  response: Response,
  compressStream: RequestHandler,
) {
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
    else if (key === previewFrameOriginsHeader) {
      // A preview frames what its drafts embed: this response's policy only, and never sent on.
      const policy = res.getHeader("content-security-policy");
      if (typeof policy === "string") {
        res.setHeader("content-security-policy", withFrameOrigins(policy, value));
      }
    } else res.setHeader(key, value);
  }
  // A whole document (app/entry.server.tsx), or another body of known length, is compressed in one call
  // and goes out in one write (server/whole-body-compression.ts).
  const wholeBody = wholeBodyOf(response);
  if (wholeBody) {
    res.end(await compressWholeBody(res.req, res, wholeBody));
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  if (response.headers.has("content-length")) {
    res.end(await compressWholeBody(res.req, res, Buffer.from(await response.arrayBuffer())));
    return;
  }
  // The middleware wraps the response's write and end, then calls on at once.
  compressStream(res.req, res, () => undefined);
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
