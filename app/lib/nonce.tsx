import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce for this response. Set on the server only: in the browser the nonce
 * is no longer needed (and browsers hide it from the DOM), so the default is an empty string.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** Undefined where there is none (the browser, a page rendered for the cache): no empty attribute. */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
