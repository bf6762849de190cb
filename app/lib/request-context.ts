import { createContext } from "react-router";

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

/** Routes whose page is the same for every signed-out visitor export `handle = publicPageHandle`. */
export const publicPageHandle = { isPublicPage: true } as const;

export function isPublicPageHandle(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { isPublicPage?: unknown }).isPublicPage === true
  );
}
