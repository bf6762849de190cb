import cluster from "node:cluster";
import http from "node:http";
import { currentRequest } from "~/lib/current-request.server";
import { getLogger } from "~/lib/logger.server";
import type { AppServer } from "./app";
import { httpLimits } from "./http-limits";
import { prepareSite } from "./prepare-site";

/** How long shutdown waits for requests in flight before giving up on them. */
export const shutdownGraceMs = 10_000;

/** Exit code of a worker that cannot start for a reason the operator must fix (EX_CONFIG). */
export const workerConfigErrorExitCode = 78;

/** Messages between the supervisor and its workers. */
export type SupervisorMessage = { type: "shutdown" };

/** One HTTP server for the app, with the timeouts of server/http-limits.ts. */
function createHttpServer(appServer: AppServer): http.Server {
  const server = http.createServer(
    {
      headersTimeout: httpLimits.headersTimeoutMs,
      requestTimeout: httpLimits.requestTimeoutMs,
      connectionsCheckingInterval: httpLimits.connectionsCheckingIntervalMs,
    },
    appServer.app,
  );
  server.setTimeout(httpLimits.idleTimeoutMs);
  // Malformed requests (a bad method, an oversized header, a broken request line): Node answers 400 or
  // 431 itself unless a listener takes over; keep that answer, and never let the socket's error escape.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (socket.writable && !socket.destroyed) {
      const status =
        error.code === "HPE_HEADER_OVERFLOW"
          ? "431 Request Header Fields Too Large"
          : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
            ? "408 Request Timeout"
            : "400 Bad Request";
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });
  return server;
}

function listen(server: http.Server, appServer: AppServer): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(appServer.port, appServer.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Stops accepting, lets requests in flight finish, then releases the database. */
function closeGracefully(server: http.Server, appServer: AppServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      appServer.close().finally(resolve);
    });
    // Idle keep-alive connections would hold close() open; busy ones close after their response.
    server.closeIdleConnections();
  });
}

/**
 * A worker of the supervisor (server/supervisor.ts): serves HTTP until told to stop. An uncaught error
 * leaves the process in an unknown state, so the worker logs it with the requests it was serving, stops
 * accepting, gives the others a moment to finish, and exits; the supervisor starts a replacement.
 */
export async function runWorker(createApp: () => Promise<AppServer>) {
  const logger = getLogger();
  const inFlight = new Set<{ method: string; path: string }>();
  let isStopping = false;
  let server: http.Server | undefined;
  let appServer: AppServer | undefined;

  const stop = (exitCode: number, graceMs: number) => {
    if (isStopping) return;
    isStopping = true;
    setTimeout(() => process.exit(exitCode), graceMs).unref();
    if (!server || !appServer) process.exit(exitCode);
    else closeGracefully(server, appServer).finally(() => process.exit(exitCode));
  };
  const crash = (error: unknown, kind: string) => {
    logger.fatal(
      {
        err: error,
        request: currentRequest.getStore(),
        inFlight: [...inFlight],
        pid: process.pid,
      },
      `worker ${kind}: exiting to be replaced`,
    );
    stop(1, 2_000);
  };
  process.on("uncaughtException", (error) => crash(error, "hit an uncaught exception"));
  process.on("unhandledRejection", (reason) => crash(reason, "hit an unhandled rejection"));
  process.on("message", (message: SupervisorMessage) => {
    if (message?.type === "shutdown") stop(0, shutdownGraceMs);
  });
  // The supervisor is gone (killed outright): nobody would replace or stop this worker.
  process.on("disconnect", () => stop(0, shutdownGraceMs));
  // A terminal's Ctrl-C reaches the whole process group; the supervisor coordinates the shutdown.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!cluster.isWorker) stop(0, shutdownGraceMs);
    });
  }

  try {
    appServer = await createApp();
    server = createHttpServer(appServer);
    server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      const entry = { method: req.method ?? "", path: (req.url ?? "").split("?")[0] ?? "" };
      inFlight.add(entry);
      res.once("close", () => inFlight.delete(entry));
    });
    await listen(server, appServer);
  } catch (error) {
    reportStartupError(error, appServer?.port);
    process.exit(workerConfigErrorExitCode);
  }
}

/** Development (`npm run dev`): one process prepares the site and serves it, without a supervisor. */
export async function runSingleProcess(createApp: () => Promise<AppServer>) {
  let site: Awaited<ReturnType<typeof prepareSite>>;
  let appServer: AppServer;
  let server: http.Server;
  try {
    site = await prepareSite();
    appServer = await createApp();
    server = createHttpServer(appServer);
    await listen(server, appServer);
  } catch (error) {
    reportStartupError(error, undefined);
    process.exit(1);
  }
  process.stdout.write(`Site ready at ${appServer.baseUrl} (development)\n`);
  let isShuttingDown = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (isShuttingDown) return;
      isShuttingDown = true;
      setTimeout(() => process.exit(1), shutdownGraceMs).unref();
      closeGracefully(server, appServer)
        .then(() => site.close())
        .finally(() => process.exit(0));
    });
  }
}

/**
 * Problems the operator fixes (configuration, an unreachable database, a port in use) say what to do;
 * anything else is a bug and gets its stack.
 */
export function reportStartupError(error: unknown, port: number | undefined) {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE" || code === "EACCES") {
    console.error(`Cannot listen on port ${port}: ${(error as Error).message}`);
    return;
  }
  const isStartupError = error instanceof Error && "isStartupError" in error;
  console.error(isStartupError ? error.message : error);
}
