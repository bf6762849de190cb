/** The account pages, for links in mail, redirects and forms. */
export const accountPaths = {
  login: "/login",
  register: "/register",
  completeProfile: "/complete-profile",
  profile: "/profile",
  editProfile: "/edit-profile",
  logout: "/logout",
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
} as const;

/**
 * The notices other pages may ask the login and complete-profile pages to show. Only these are shown:
 * free text from a query string would let anyone put their words on our sign-in page.
 */
export const accountNotices = [
  "Please log in to continue.",
  "You Must Log In to Submit an Abstract",
  "You need to register first.",
  "Please complete your profile.",
  "Please complete your profile before proceeding",
] as const;

export function knownNotice(value: string | null | undefined): string | null {
  return accountNotices.find((notice) => notice === value) ?? null;
}

/** Where signing in leads when no return path is given: the conference's page, /sculc. */
export const defaultReturnPath = "/sculc";

/**
 * A return path from a query string or form, or the fallback. Only a path on this site is accepted.
 * The check runs on the path as a browser will read it, after normalising: `/.//evil.example`,
 * `/a/..//evil.example` and `/%2e//evil.example` all normalise to `//evil.example`, which a browser
 * reads as another host. Backslashes (browsers read them as slashes) and control characters, raw or
 * percent-encoded, are refused outright, so no decoding step later can bring them back.
 */
export function safeReturnPath(value: unknown, fallback: string = defaultReturnPath): string {
  if (typeof value !== "string") return fallback;
  const candidate = value.trim();
  if (!candidate.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  if (/%(?:[01][0-9a-f]|7f|5c)/i.test(candidate)) return fallback;
  try {
    const parsed = new URL(candidate, "http://site.invalid");
    if (parsed.origin !== "http://site.invalid") return fallback;
    const normalised = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    if (!isSameSitePath(normalised)) return fallback;
    return normalised;
  } catch {
    return fallback;
  }
}

/** `/` or `/x...` where x is neither `/` nor `\\`: nothing a browser could read as `//host`. */
function isSameSitePath(path: string): boolean {
  if (path === "/") return true;
  // An encoded slash right after the first is refused too, in case anything decodes it on the way.
  return path.startsWith("/") && path[1] !== "/" && path[1] !== "\\" && !/^\/%2f/i.test(path);
}

/**
 * The return path a visitor asked for, or null when none was given: a new account completing its
 * profile goes to `/` unless a return path was asked for explicitly (DESIGN), so the default must not
 * be carried along as if it had been.
 */
export function explicitReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const path = safeReturnPath(value, "");
  return path === "" ? null : path;
}

/**
 * `/login?message=...&redirectTo=...`: every redirect to the login page says why (the message shown
 * there) and where to come back to afterwards.
 */
export function loginPath(options: { message?: string; redirectTo?: string } = {}): string {
  return withQuery(accountPaths.login, options);
}

export function completeProfilePath(options: { message?: string; redirectTo?: string } = {}) {
  return withQuery(accountPaths.completeProfile, options);
}

function withQuery(pathname: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
