/**
 * Whether a request carries any of better-auth's cookies (session token, cached session data, the
 * sign-in flow's state), plain or `__Secure-` prefixed. Such a visitor may be signed in, so pages
 * rendered for signed-out visitors (the public page cache) are not for them.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && /(?:^|;)\s*(?:__Secure-)?better-auth\./.test(cookieHeader);
}
