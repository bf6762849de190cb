import crypto from "node:crypto";
import type { Request, RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { todayInConferenceTimeZone } from "~/lib/dates";
import { compressOnce } from "~/lib/precompress.server";
import {
  cspNonceContext,
  isPublicPageHandle,
  type PublicPageRender,
  publicPageRenderContext,
} from "~/lib/request-context";
import { readBodyBytes } from "~/lib/whole-documents.server";
import { type ContentEncoding, preferredEncoding } from "./accept-encoding";

/**
 * Public pages for signed-out visitors, served from rendered, pre-compressed bodies
 * (docs/decisions: public-page-cache). A page is rendered once per worker for each state of what it
 * depends on, and every request checks that state first:
 * - the build: a cache lives and dies with the build object it renders (a deploy starts new processes);
 * - the database's public-pages revision, bumped in the same transaction as any admin change a public
 *   page shows, read for every request (one read answers all requests that arrived before it began);
 * - the date (events move from upcoming to past; the footer's year);
 * - a moment a page named while rendering (the call for abstracts closing).
 * Anything else about the request (a session cookie, a query string, a method other than GET or HEAD)
 * sends it past the cache to a normal render.
 */

export type PublicPageCacheOptions = {
  /** Whether the page at this exact path is the same for every signed-out visitor. */
  isPublicPath: (path: string) => boolean;
  /** Renders a path as a signed-out visitor would see it, for the cache. */
  render: (path: string) => Promise<{ response: Response; expiresAt: number | null }>;
  /** What the pages depend on right now, beyond the build; read after the request arrived. */
  readState: (req: Request) => Promise<string>;
  hasSessionCookie: (cookieHeader: string | undefined) => boolean;
  now?: () => number;
  onError?: (error: unknown, path: string) => void;
};

type CachedPage = {
  state: string;
  expiresAt: number | null;
  etag: string;
  contentType: string;
  /** The CSP sources that allow this page's inline scripts, in place of a per-response nonce. */
  scriptSources: string;
  bodies: Record<ContentEncoding, Buffer>;
};

export function createPublicPageCache(options: PublicPageCacheOptions): RequestHandler {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const renders = new Map<string, Promise<CachedPage | null>>();

  const fill = (path: string, state: string): Promise<CachedPage | null> => {
    const renderKey = `${path}\n${state}`;
    let rendering = renders.get(renderKey);
    if (!rendering) {
      rendering = renderForCache(options, path, state)
        .then((page) => {
          // Should a render for an older state finish last, the next request's state check renders
          // again: a page is never served for a state it was not rendered in.
          if (page) pages.set(path, page);
          return page;
        })
        .catch((error: unknown) => {
          options.onError?.(error, path);
          return null;
        })
        .finally(() => renders.delete(renderKey));
      renders.set(renderKey, rendering);
    }
    return rendering;
  };

  return async (req, res, next) => {
    if (!options.isPublicPath(req.path)) return next();
    if (options.hasSessionCookie(req.headers.cookie)) {
      // This visitor's page may name them: no shared cache may keep it or give it to anyone else.
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Vary", "Cookie");
      return next();
    }
    if ((req.method !== "GET" && req.method !== "HEAD") || req.originalUrl.includes("?")) {
      return next();
    }
    let state: string;
    try {
      state = await options.readState(req);
    } catch (error) {
      // Without the revision the cache cannot know it is current: render as if there were no cache.
      options.onError?.(error, req.path);
      return next();
    }
    let page = pages.get(req.path);
    let served = "hit";
    if (!page || page.state !== state || (page.expiresAt !== null && now() >= page.expiresAt)) {
      page = (await fill(req.path, state)) ?? undefined;
      served = "miss";
    }
    if (!page) return next();
    if (res.headersSent || res.destroyed) return;

    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const etag = `"${page.etag}${encoding === "identity" ? "" : `-${encoding}`}"`;
    res.setHeader("Content-Type", page.contentType);
    res.setHeader("Cache-Control", "no-cache");
    // A signed-in visitor gets another page at the same address, so shared caches must key on it.
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("ETag", etag);
    res.setHeader("Server-Timing", `page-cache;desc="${served}"`);
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      res.setHeader("Content-Security-Policy", withScriptSources(policy, page.scriptSources));
    }
    if (matchesEtag(req.headers["if-none-match"], page.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const body = page.bodies[encoding];
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  };
}

async function renderForCache(
  options: PublicPageCacheOptions,
  path: string,
  state: string,
): Promise<CachedPage | null> {
  const { response, expiresAt } = await options.render(path);
  const contentType = response.headers.get("content-type") ?? "";
  // Only a complete, visitor-independent page is kept: a 404, a redirect or a cookie is not.
  if (
    response.status !== 200 ||
    response.headers.has("set-cookie") ||
    !contentType.startsWith("text/html")
  ) {
    await response.body?.cancel();
    return null;
  }
  const html = await readBodyBytes(response);
  const compressed = await compressOnce(html);
  return {
    state,
    expiresAt,
    etag: crypto.createHash("sha256").update(html).digest("base64url").slice(0, 27),
    contentType,
    scriptSources: inlineScriptHashes(html.toString("utf8")),
    bodies: { identity: html, ...compressed },
  };
}

/**
 * The CSP hash sources of every inline script in a document, as the browser computes them: SHA-256
 * of the exact text between the tags. React escapes `<` inside scripts it renders, so the first
 * closing tag ends each one.
 */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/**
 * The render's policy with its per-response nonce (which a stored page cannot carry) replaced by the
 * page's script hashes, or simply dropped when the page has no inline script: `script-src` keeps
 * 'self' for the page script, and a source listed twice is only noise.
 */
export function withScriptSources(policy: string, scriptSources: string): string {
  return policy.replace(/ *'nonce-[^']*'/, scriptSources ? ` ${scriptSources}` : "");
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate
      .trim()
      .replace(/^W\//, "")
      .replace(/^"|"$/g, "")
      .replace(/-(?:br|gzip)$/, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * Everything a public page depends on besides its path, as one string: the build, the database's
 * public-pages revision, the conference's day (events move from upcoming to past) and the server's year
 * (the footer). Dates are computed at most once a second; the revision for every call.
 */
export function createPageStateReader(options: {
  buildVersion: string;
  /** The public-pages revision as this request found it. */
  readRevision: (req: Request) => Promise<string>;
  now?: () => Date;
}): (req: Request) => Promise<string> {
  const now = options.now ?? (() => new Date());
  let second = Number.NaN;
  let dates = "";
  return async (req) => {
    const moment = now();
    const currentSecond = Math.floor(moment.getTime() / 1000);
    if (currentSecond !== second) {
      second = currentSecond;
      dates = `${todayInConferenceTimeZone(moment)}|${moment.getFullYear()}`;
    }
    return `${options.buildVersion}|${await options.readRevision(req)}|${dates}`;
  };
}

/** The exact paths of every route whose module marks its page public, from the server build. */
export function publicPathsOf(build: ServerBuild): Set<string> {
  const paths = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route || !isPublicPageHandle(route.module.handle)) continue;
    const segments: string[] = [];
    for (let current: typeof route | undefined = route; current; ) {
      if (current.path) segments.unshift(current.path);
      current = current.parentId ? build.routes[current.parentId] : undefined;
    }
    const path = `/${segments.join("/")}`.replace(/\/+/g, "/");
    // Only fixed addresses: a page with parameters would be keyed by what the visitor typed.
    if (!/[:*]/.test(path)) paths.add(path.length > 1 ? path.replace(/\/$/, "") : path);
  }
  return paths;
}

/** Renders a page through React Router as a signed-out visitor with no cookies, at the site's address. */
export function createCacheRenderer(
  build: ServerBuild,
  mode: string,
  baseUrl: string,
): PublicPageCacheOptions["render"] {
  const handleRequest = createRequestHandler(build, mode);
  return async (path) => {
    const render: PublicPageRender = { expiresAt: null };
    const context = new RouterContextProvider();
    context.set(cspNonceContext, "");
    context.set(publicPageRenderContext, render);
    const response = await handleRequest(
      new Request(new URL(path, baseUrl), { headers: { accept: "text/html" } }),
      context,
    );
    // The whole document is ready when the response is (onAllReady), loaders included.
    return { response, expiresAt: render.expiresAt };
  };
}
