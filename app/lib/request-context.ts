import { createContext, redirectDocument } from "react-router";

/**
 * Values the HTTP server hands to React Router for each request (read with `context.get(...)` in
 * middleware, loaders, actions and entry.server.tsx).
 */

/** The nonce that this response's Content-Security-Policy allows for inline scripts. */
export const cspNonceContext = createContext<string>("");

/**
 * Set when the server renders a public page for its cache (server/public-page-cache.ts): the whole
 * document at once, without a nonce (the cached page's inline scripts are allowed by their hashes).
 */
export const publicPageRenderContext = createContext<PublicPageRender | null>(null);

export type PublicPageRender = {
  /** The cached page must be rendered again at this moment (epoch ms), e.g. when the call closes. */
  expiresAt: number | null;
};

/** Loaders of public pages whose content changes at a known moment say so here (no-op for others). */
export function expirePublicPageAt(
  context: { get: <T>(key: ReturnType<typeof createContext<T>>) => T },
  moment: Date,
): void {
  const render = context.get(publicPageRenderContext);
  if (!render) return;
  const at = moment.getTime();
  if (render.expiresAt === null || at < render.expiresAt) render.expiresAt = at;
}

/**
 * Routes whose page is the same for every signed-out visitor export `handle = publicPageHandle` and
 * `clientLoader = openAsDocument`. Their pages ship no framework JavaScript (app/root.tsx) and are
 * kept in the public page cache.
 */
export const publicPageHandle = { isPublicPage: true, isDocumentPage: true } as const;

/**
 * Pages that are documents without framework JavaScript but differ per visitor or per answer (the
 * account forms, the signed-in pages that list and post), so they are never cached:
 * `handle = documentPageHandle` and `clientLoader = openAsDocument`. Their forms post as the browser's
 * own; the page script shows their buttons' pending labels (app/components/enhancements/pending-forms.ts).
 */
export const documentPageHandle = { isDocumentPage: true } as const;

/**
 * A document page with a script of its own, loaded after the page script (the co-author rows of the
 * submit form and of the status page's edit form, the upload's progress, a delete's dialog): the
 * script's address as Vite's `?worker&url` import gives it. Only that page pays for it.
 */
export function documentPageHandleWithScript(scriptUrl: string) {
  return { isDocumentPage: true, pageScript: scriptUrl } as const;
}

/** The scripts of their own that the matched routes' handles name, in route order. */
export function pageScriptsOf(handles: readonly unknown[]): string[] {
  return handles.flatMap((handle) => {
    const script =
      typeof handle === "object" && handle !== null
        ? (handle as Record<string, unknown>).pageScript
        : undefined;
    return typeof script === "string" ? [script] : [];
  });
}

export function isPublicPageHandle(handle: unknown): boolean {
  return handleFlag(handle, "isPublicPage");
}

/** Public pages and the other document pages: the routes whose page does not hydrate. */
export function isDocumentPageHandle(handle: unknown): boolean {
  return handleFlag(handle, "isDocumentPage");
}

/**
 * Whether the matched routes' handles make a page that does not hydrate: any one of them marked so.
 * The root layout leaves out the framework's scripts by this test, and the server's entry renders such
 * a page to one string by the same test (app/root.tsx, app/entry.server.tsx).
 */
export function isDocumentPage(handles: readonly unknown[]): boolean {
  return handles.some(isDocumentPageHandle);
}

function handleFlag(handle: unknown, flag: "isPublicPage" | "isDocumentPage"): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as Record<string, unknown>)[flag] === true
  );
}

/**
 * The client loader of every document route (public pages, account forms, signed-in lists): a hydrated
 * page that navigates to one (a link, a redirect after a form) loads it as a document instead of
 * rendering it in the browser, where its menus, carousels, embeds and forms would need the page script
 * to start again. The fragment of a link is not part of the request and is lost; links within public
 * pages are plain document links anyway.
 */
export function openAsDocument({ request }: { request: Request }): never {
  const url = new URL(request.url);
  throw redirectDocument(url.pathname + url.search);
}

/**
 * A response header by which a route lets its own page frame more origins than the published content
 * embeds (an editor's preview of drafts that embed a new host): the server adds them to this
 * response's `frame-src` and never sends the header itself (server/csp-frame-origins.ts).
 */
export const previewFrameOriginsHeader = "x-preview-frame-origins";
