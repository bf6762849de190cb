const betterAuthCookieName = /^(?:__Secure-)?better-auth\./;

/** One of better-auth's cookies (session token, cached session data, the sign-in flow's state). */
export function isBetterAuthCookieName(name: string): boolean {
  return betterAuthCookieName.test(name);
}

/**
 * Whether a request carries any of better-auth's cookies, plain or `__Secure-` prefixed. Such a
 * visitor may be signed in, so pages rendered for signed-out visitors (the public page cache) are not
 * for them.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => isBetterAuthCookieName(pair.trimStart()));
}
