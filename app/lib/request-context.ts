import { createContext } from "react-router";

/**
 * Values the HTTP server hands to React Router for each request (read with `context.get(...)` in
 * middleware, loaders, actions and entry.server.tsx).
 */

/** The nonce that this response's Content-Security-Policy allows for inline scripts. */
export const cspNonceContext = createContext<string>("");
