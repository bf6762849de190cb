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

/** Where signing in leads when no return path is given (SPEC: /sculc). */
export const defaultReturnPath = "/sculc";

/**
 * A return path from a query string or form, or the fallback. Only a path on this site is accepted:
 * `//evil.example`, `/\evil.example`, absolute URLs and anything with control characters are refused,
 * so the login page cannot be used to send someone elsewhere.
 */
export function safeReturnPath(value: unknown, fallback: string = defaultReturnPath): string {
  if (typeof value !== "string") return fallback;
  const candidate = value.trim();
  if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\")) {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  try {
    const parsed = new URL(candidate, "http://site.invalid");
    if (parsed.origin !== "http://site.invalid") return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?message=...&redirectTo=...`, the shape SPEC's redirects to the login page take. */
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
