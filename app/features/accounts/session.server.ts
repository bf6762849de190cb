import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import type { AccountUser, Viewer } from "./account-user";
import { type Auth, getAuth } from "./auth.server";
import { completeProfilePath, loginPath } from "./paths";

export type SessionState =
  | { status: "signed-in"; user: AccountUser }
  | { status: "signed-out" }
  /** The session could not be read (database unavailable); public pages still render. */
  | { status: "unavailable" };

export const sessionContext = createContext<SessionState>({ status: "signed-out" });

type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
  profileCompleted?: boolean | null;
  mailboxConfirmedAt?: Date | string | null;
};

/**
 * ADMIN_EMAILS names mailboxes, not passwords: anyone can register an account with a configured
 * address and a password of their own. The configured role applies only once the mailbox's owner has
 * proved they hold the account (docs/decisions: admin-emails-need-a-confirmed-mailbox).
 */
export function toAccountUser(
  user: SessionUser,
  adminEmails: readonly string[] = getEnv().adminEmails,
): AccountUser {
  const isConfiguredAdmin =
    adminEmails.includes(user.email.toLowerCase()) && Boolean(user.mailboxConfirmedAt);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    isEmailVerified: Boolean(user.emailVerified),
    hasProfile: Boolean(user.profileCompleted),
    isAdmin: isConfiguredAdmin || user.role === "admin",
  };
}

/**
 * However often a session is used (the sliding expiry renews it daily), it ends this long after sign-in
 * (ASVS 3.3: an absolute lifetime), so a stolen cookie cannot be kept alive forever.
 */
export const sessionAbsoluteLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * The request's session, checked against the absolute lifetime on every read: an older one is deleted
 * (so every process refuses it from now on) and the visitor is signed out.
 */
export async function readSession(
  auth: Pick<Auth, "api">,
  headers: Headers,
  options: { now?: Date; adminEmails?: readonly string[] } = {},
): Promise<{ state: SessionState; headers: Headers }> {
  const now = options.now ?? new Date();
  const { headers: cookieHeaders, response } = await auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  if (!response) return { state: { status: "signed-out" }, headers: cookieHeaders };
  const createdAt = new Date(response.session.createdAt).getTime();
  if (!(now.getTime() - createdAt < sessionAbsoluteLifetimeMs)) {
    await auth.api.revokeSession({ body: { token: response.session.token }, headers });
    return { state: { status: "signed-out" }, headers: new Headers() };
  }
  return {
    state: {
      status: "signed-in",
      user: toAccountUser(response.user, options.adminEmails ?? getEnv().adminEmails),
    },
    headers: cookieHeaders,
  };
}

/**
 * Reads the session once per request for every loader and action, and passes on better-auth's cookie
 * refresh. Responses for a signed-in visitor are private: a shared cache must never hand one person's
 * page to another.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  let cookieHeaders: Headers | undefined;
  try {
    const session = await readSession(getAuth(), request.headers);
    cookieHeaders = session.headers;
    context.set(sessionContext, session.state);
  } catch (error) {
    getLogger().error({ err: error }, "could not read the session");
    context.set(sessionContext, { status: "unavailable" });
  }
  const response = await next();
  for (const cookie of cookieHeaders?.getSetCookie() ?? [])
    response.headers.append("Set-Cookie", cookie);
  if (
    context.get(sessionContext).status === "signed-in" &&
    !response.headers.has("Cache-Control")
  ) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};

export function getSessionState(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  const state = getSessionState(context);
  return state.status === "signed-in"
    ? { firstName: state.user.firstName, isAdmin: state.user.isAdmin }
    : null;
}

export class SessionUnavailableError extends Error {
  constructor() {
    super("The session could not be read");
    this.name = "SessionUnavailableError";
  }
}

function currentPath(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user, or a redirect to the login page that comes back here afterwards. Throws
 * SessionUnavailableError when the session store cannot be read, so pages can say so.
 */
export function requireUser(
  context: Readonly<RouterContextProvider>,
  url: URL,
  message = "Please log in to continue.",
): AccountUser {
  const state = getSessionState(context);
  if (state.status === "unavailable") throw new SessionUnavailableError();
  if (state.status === "signed-out") {
    throw redirect(loginPath({ message, redirectTo: currentPath(url) }));
  }
  return state.user;
}

/** A signed-in user with a profile; one without is sent to complete it first. */
export function requireProfile(
  context: Readonly<RouterContextProvider>,
  url: URL,
  messages: { signedOut?: string; noProfile?: string } = {},
): AccountUser {
  const user = requireUser(context, url, messages.signedOut);
  if (!user.hasProfile) {
    throw redirect(
      completeProfilePath({
        message: messages.noProfile ?? "You need to register first.",
        redirectTo: currentPath(url),
      }),
    );
  }
  return user;
}

/** Admin pages answer 403 to everyone else who is signed in. */
export function requireAdmin(context: Readonly<RouterContextProvider>, url: URL): AccountUser {
  const user = requireProfile(context, url);
  if (!user.isAdmin) throw new Response("Forbidden", { status: 403 });
  return user;
}
