import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { getSiteContent } from "~/content/current-content";
import { checkGoogleSignIn, getAuth } from "~/features/accounts/auth.server";
import { hasSessionCookie } from "~/features/accounts/session-cookie";
import { listEmbedOrigins } from "~/features/embeds/embed-origins";
import { listConferencePagePaths } from "~/features/seo/sitemap";
import { createPublishedContentSource } from "~/features/site-content/published-content.server";
import { clientAddressHeader } from "~/lib/client-address.server";
import { currentRequest, type RequestRecord } from "~/lib/current-request.server";
import { isDatabaseBusyError } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { checkHealth } from "~/lib/health.server";
import { getLogger } from "~/lib/logger.server";
import { startMailSender, stopMailSender } from "~/lib/mail/mailer.server";
import { mediaLimits } from "~/lib/media/media-limits";
import { cspNonceContext } from "~/lib/request-context";
import { createNonceSource } from "./csp-nonce";
import { sendBusy, watchDatabaseBusy } from "./database-busy";
import { boundedRequestBodies } from "./http-limits";
import { onlyForFilesIn } from "./known-files";
import {
  createCacheRenderer,
  createPageStateReader,
  createPublicPageCache,
  publicPathsOf,
} from "./public-page-cache";
import { createRouterRequestHandler } from "./router-handler";
import { staticAssets } from "./static-assets";
import { trustProxies } from "./trusted-proxies";

export type ServerOptions = {
  mode: "production" | "development";
  /** The browser build (build/client), served as static files in production. */
  clientDir?: string;
  /** Loads the React Router build; in development the Vite dev server reloads it on every request. */
  loadBuild?: () => Promise<ServerBuild>;
  /** The Vite dev server's middleware, in development only. */
  devMiddleware?: RequestHandler;
};

export type AppServer = {
  app: express.Express;
  port: number;
  host: string | undefined;
  baseUrl: string;
  close: () => Promise<void>;
};

/** Whether the request being served met a saturated database pool: it answers 503 then. */
function isRefusedByDatabase(): boolean {
  return currentRequest.getStore()?.isRefusedByDatabase === true;
}

/**
 * Builds the HTTP application of one worker process. The database is already migrated (`prepareSite`).
 */
export async function createAppServer(options: ServerOptions): Promise<AppServer> {
  const env = getEnv();
  const logger = getLogger();
  const database = getDatabase();
  const auth = getAuth();
  await checkGoogleSignIn(auth, env, logger);
  // Every worker delivers the outbox; its leases give each message to exactly one of them.
  startMailSender();
  const stopWatchingDatabase = watchDatabaseBusy({
    logger,
    markRequest: () => {
      const request = currentRequest.getStore();
      if (request) request.isRefusedByDatabase = true;
    },
  });

  const isProduction = options.mode === "production";
  const isHttps = env.baseUrl.startsWith("https://");
  const app = express();
  app.disable("x-powered-by");
  if (env.trustProxy !== undefined) trustProxies(app, env.trustProxy);

  app.use((req, res, next) => {
    const request: RequestRecord = { method: req.method, path: req.path, queries: 0, renders: 0 };
    res.locals.currentRequest = request;
    currentRequest.run(request, next);
  });
  const nextNonce = createNonceSource();
  app.use((req, res, next) => {
    res.locals.cspNonce = nextNonce();
    // The one client address the app believes (rate limits, session records): the peer, or what the
    // proxies named by TRUST_PROXY report. A value the client sent itself is overwritten.
    req.headers[clientAddressHeader] = req.ip ?? "";
    next();
  });
  // Pages, the Content-Security-Policy and the page cache read the published content; bring this
  // process's copy up to the database's revision first (one read, shared by concurrent requests; the
  // documents are read again only after a publish). Fingerprinted assets never depend on it.
  const content = createPublishedContentSource(database.db);
  app.use((req, res, next) => {
    if (req.path.startsWith("/assets/")) return next();
    content.refresh().then(
      (current) => {
        res.locals.contentRevision = current.revision;
        next();
      },
      (error: unknown) => {
        // A saturated pool: this request cannot be served, answered busy at once (the pool's watcher
        // has logged it, once).
        if (isDatabaseBusyError(error)) return sendBusy(req, res);
        // The database is unreachable: pages will say so; the last content read stays in use.
        logger.error({ err: error }, "reading the published content failed");
        next();
      },
    );
  });
  app.use(
    helmet({
      // Vite's dev server injects inline scripts and a websocket; the policy applies to production builds.
      contentSecurityPolicy: isProduction
        ? {
            useDefaults: false,
            directives: {
              "default-src": ["'self'"],
              "script-src": [
                "'self'",
                (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
              ],
              "style-src": ["'self'"],
              // The carousel positions its slides with style attributes, also in the server's HTML.
              "style-src-attr": ["'unsafe-inline'"],
              "img-src": ["'self'", "data:"],
              "font-src": ["'self'"],
              "connect-src": ["'self'"],
              // Our own program PDFs, and the forms and slides the content embeds.
              // Read per response: a publish that embeds a new host allows it at once.
              "frame-src": ["'self'", () => listEmbedOrigins().join(" ")],
              "object-src": ["'none'"],
              "base-uri": ["'self'"],
              // The Google button posts to /login, which redirects to the provider, and Chrome applies
              // form-action to redirects after a post. The provider's sign-in page is on the origin
              // of its discovery document (accounts.google.com for Google).
              "form-action": [
                "'self'",
                ...(env.google ? [new URL(env.google.discoveryUrl).origin] : []),
              ],
              // Only the site may frame its pages (it shows its own PDFs in a frame).
              "frame-ancestors": ["'self'"],
              ...(isHttps ? { "upgrade-insecure-requests": [] } : {}),
            },
          }
        : false,
      frameguard: { action: "sameorigin" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // HSTS over plain HTTP would be ignored at best; send it only when the site is served over HTTPS.
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
  );
  app.use(requestLogger());
  // In production the build is one object for the process's life; React Router derives its routes
  // once from an object, but on every request from a function. Development reloads it per request.
  const build = isProduction
    ? await (options.loadBuild ?? importServerBuild)()
    : (options.loadBuild ?? importServerBuild);
  if (typeof build === "object") {
    app.use(
      createPublicPageCache({
        isPublicPath: createPublicPathCheck(publicPathsOf(build)),
        render: createCacheRenderer(build, options.mode, env.baseUrl),
        readState: createPageStateReader({
          buildVersion: build.assets.version,
          // The revision the content was brought up to for this request: one read per request. A
          // request that could not read it renders past the cache.
          readRevision: async (req) => {
            const revision: unknown = req.res?.locals.contentRevision;
            if (typeof revision !== "string") throw new Error("the content revision was not read");
            return revision;
          },
        }),
        hasSessionCookie,
        onError: (error, path) => logger.error({ err: error, path }, "public page cache failed"),
      }),
    );
  }
  // Compressing as a body streams out is needed only by the responses that are neither whole documents
  // (compressed in one call, server/whole-body-compression.ts) nor precompressed (public pages, assets
  // with a .br/.gz beside them): streamed router responses and the other static files. It is applied
  // to those alone: on every request its wrappers cost about 0.1 ms of CPU, a twentieth of a signed-in
  // page's.
  const compress = compression();
  // Before anything reads a body: every body but the upload's is bounded (server/http-limits.ts).
  app.use(boundedRequestBodies());
  // A body is read through the socket's events, whose callbacks run outside the request's async
  // context: enter it again, or a refusal by the database pool during a form post would not be seen.
  app.use((_req, res, next) => {
    currentRequest.run(res.locals.currentRequest, next);
  });
  app.use(refuseCrossSiteForms(env.baseUrl));

  app.get("/healthz", async (_req, res) => {
    const report = await checkHealth(database);
    res
      .status(report.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(report);
  });

  if (isProduction) {
    const { clientDir } = options;
    if (!clientDir) throw new Error("clientDir is required in production");
    // Vite fingerprints everything under /assets, so those files never change and may be cached forever.
    app.use(
      "/assets",
      compress,
      staticAssets(`${clientDir}/assets`, { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    const clientFiles = staticAssets(clientDir, { maxAge: "1h", index: false });
    app.use(
      onlyForFilesIn(clientDir, (req, res, next) =>
        compress(req, res, () => clientFiles(req, res, next)),
      ),
    );
  } else if (options.devMiddleware) {
    app.use(options.devMiddleware);
  }

  app.all(
    "/{*path}",
    createRouterRequestHandler({
      build,
      compressStream: compress,
      mode: options.mode,
      isRefusedByDatabase,
      // The largest upload any route accepts: the PDFs' limit, or the editors' pictures'.
      maxUnreadBodyBytes: Math.max(env.maxUploadBytes, mediaLimits.maxBytes),
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        return context;
      },
    }),
  );
  app.use(errorHandler());

  return {
    app,
    port: env.port,
    host: env.host,
    baseUrl: env.baseUrl,
    close: async () => {
      stopWatchingDatabase();
      await auth.settleBackgroundTasks();
      // The message in hand is finished; the rest stay queued for the next start.
      await stopMailSender();
      await database.close();
    },
  };
}

function importServerBuild(): Promise<ServerBuild> {
  return import("virtual:react-router/server-build") as Promise<ServerBuild>;
}

/**
 * A page on another site must not post our forms for a visitor (signing them in to an account of the
 * attacker's choosing, say). Browsers name the page's origin on every form post; SameSite=Lax cookies
 * already keep sessions out of such requests, and this refuses the request itself. The identity
 * provider's callback is exempt: it may legitimately arrive from the provider's origin.
 */
function refuseCrossSiteForms(baseUrl: string): RequestHandler {
  const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
  // Behind a proxy that rewrites Host, the public address is BASE_URL's.
  const publicHost = new URL(baseUrl).host;
  return (req, res, next) => {
    const origin = req.get("origin");
    if (safeMethods.has(req.method) || !origin || req.path.startsWith("/api/auth/callback/")) {
      return next();
    }
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = "";
    }
    if (originHost === req.get("host") || originHost === publicHost) return next();
    res.status(403).type("text/plain").send("Cross-site form posts are not accepted.");
  };
}

function requestLogger(): RequestHandler {
  const logger = getLogger();
  // Below LOG_LEVEL=info the line would be dropped: skip the timer and the listener too.
  if (!logger.isLevelEnabled("info")) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const cost: RequestRecord | undefined = res.locals.currentRequest;
      logger.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(durationMs * 10) / 10,
          // What the request cost: a page that starts making more of either shows here first.
          queries: cost?.queries,
          renders: cost?.renders,
          ip: req.ip,
        },
        "request",
      );
    });
    next();
  };
}

function errorHandler(): ErrorRequestHandler {
  const logger = getLogger();
  return (error, req, res, next) => {
    // A saturated pool is logged by its watcher (server/database-busy.ts), not once per request.
    if ((isDatabaseBusyError(error) || isRefusedByDatabase()) && !res.headersSent) {
      sendBusy(req, res);
      return;
    }
    const status = typeof error?.status === "number" && error.status >= 400 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, path: req.path }, "request failed");
    if (res.headersSent) return next(error);
    res
      .status(status)
      .type("text/plain")
      .send(
        status === 404
          ? "Not found"
          : status < 500
            ? "Bad request"
            : "Something went wrong. Please try again.",
      );
  };
}

/**
 * Fixed public routes from the build, and the conference pages of the published content, recomputed
 * only when the content changes.
 */
function createPublicPathCheck(fixedPaths: ReadonlySet<string>): (path: string) => boolean {
  let known = { revision: "", paths: new Set<string>() };
  return (path) => {
    if (fixedPaths.has(path)) return true;
    const { revision } = getSiteContent();
    if (known.revision !== revision) {
      known = { revision, paths: new Set(listConferencePagePaths()) };
    }
    return known.paths.has(path);
  };
}
