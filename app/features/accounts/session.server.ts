import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { type DatabaseHandle, isDatabaseBusyError } from "~/lib/db/database.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { type AccountUser, canEditContent, type Viewer } from "./account-user";
import { isAdminUser } from "./admin-rule.server";
import { type Auth, getAuth } from "./auth.server";
import { type GrantedRoles, readGrantedRoles } from "./granted-roles.server";
import { completeProfilePath, loginPath } from "./paths";
import { createQuickSessionReader, type QuickSessionRead } from "./session-read.server";

export type SessionState =
  /** `sessionToken` names this visitor's session row (their devices list marks it as this one). */
  | { status: "signed-in"; user: AccountUser; sessionToken: string }
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
  profileCompleted?: boolean | number | null;
  mailboxConfirmedAt?: Date | string | null;
  isReviewer?: boolean;
  isEditor?: boolean;
};

/** The session's user as the pages see it; who is an admin follows the one rule (admin-rule.server.ts). */
export function toAccountUser(
  user: SessionUser,
  adminEmails: readonly string[] = getEnv().adminEmails,
): AccountUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    isEmailVerified: Boolean(user.emailVerified),
    hasProfile: Boolean(user.profileCompleted),
    isAdmin: isAdminUser(user, adminEmails),
    isReviewer: Boolean(user.isReviewer),
    isEditor: Boolean(user.isEditor),
  };
}

/**
 * However often a session is used (the sliding expiry renews it daily), it ends this long after sign-in
 * (ASVS 3.3: an absolute lifetime), so a stolen cookie cannot be kept alive forever.
 */
export const sessionAbsoluteLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export type QuickSessionReader = (cookieHeader: string | null) => Promise<QuickSessionRead>;

/** The quick session read (session-read.server.ts) with better-auth's own secret and cookie names. */
export async function quickSessionReaderFor(
  auth: Pick<Auth, "$context">,
  database: DatabaseHandle,
): Promise<QuickSessionReader> {
  const context = await auth.$context;
  return createQuickSessionReader(database, {
    secret: context.secret,
    sessionTokenName: context.authCookies.sessionToken.name,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  });
}

function getQuickSessionReader(): Promise<QuickSessionReader> {
  return singleton("quick-session-reader", () => quickSessionReaderFor(getAuth(), getDatabase()));
}

/**
 * The request's session, checked against the absolute lifetime on every read: an older one is deleted
 * (so every process refuses it from now on) and the visitor is signed out. With `readQuickly`, a live
 * session that needs nothing written is read in one query; everything else goes through better-auth.
 */
export async function readSession(
  auth: Pick<Auth, "api">,
  headers: Headers,
  options: {
    now?: Date;
    adminEmails?: readonly string[];
    readQuickly?: QuickSessionReader;
    /**
     * The roles granted beside `user.role` (reviewer, editor), for sessions that better-auth reads (the
     * quick read has them in its one query); without it the user holds neither.
     */
    readRoles?: (userId: string) => Promise<GrantedRoles>;
  } = {},
): Promise<{ state: SessionState; headers: Headers }> {
  const now = options.now ?? new Date();
  const adminEmails = options.adminEmails ?? getEnv().adminEmails;
  const quick = options.readQuickly
    ? await options.readQuickly(headers.get("cookie"))
    : ({ kind: "undecided" } as const);
  if (quick.kind === "none") return { state: { status: "signed-out" }, headers: new Headers() };
  let token: string;
  let createdAt: Date | string;
  let user: SessionUser;
  let cookieHeaders: Headers;
  if (quick.kind === "live") {
    const { row } = quick;
    token = row.token;
    createdAt = row.createdAt;
    user = {
      ...row,
      id: row.userId,
      emailVerified: Boolean(row.emailVerified),
      isReviewer: row.reviewerId !== null,
      isEditor: row.editorId !== null,
    };
    cookieHeaders = new Headers();
  } else {
    const { headers: setCookies, response } = await auth.api.getSession({
      headers,
      returnHeaders: true,
    });
    if (!response) return { state: { status: "signed-out" }, headers: setCookies };
    token = response.session.token;
    createdAt = response.session.createdAt;
    // A failed read hides the Review and Site content links (and refuses the content pages) rather
    // than failing the page: it holds a role only when the read says so.
    const noRoles: GrantedRoles = { isReviewer: false, isEditor: false };
    const roles = options.readRoles
      ? await options.readRoles(response.user.id).catch(() => noRoles)
      : noRoles;
    user = { ...response.user, ...roles };
    cookieHeaders = setCookies;
  }
  if (!(now.getTime() - new Date(createdAt).getTime() < sessionAbsoluteLifetimeMs)) {
    await auth.api.revokeSession({ body: { token }, headers });
    return { state: { status: "signed-out" }, headers: new Headers() };
  }
  return {
    state: { status: "signed-in", user: toAccountUser(user, adminEmails), sessionToken: token },
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
    const session = await readSession(getAuth(), request.headers, {
      readQuickly: await getQuickSessionReader(),
      readRoles: (userId) => readGrantedRoles(getDatabase().db, userId),
    });
    cookieHeaders = session.headers;
    context.set(sessionContext, session.state);
  } catch (error) {
    // A saturated pool is logged once by the server (server/database-busy.ts), not per request.
    if (!isDatabaseBusyError(error))
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
    ? {
        firstName: state.user.firstName,
        isAdmin: state.user.isAdmin,
        isReviewer: state.user.isReviewer,
        isEditor: state.user.isEditor,
      }
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

/**
 * The guard of every content page and action (and of the admin area's frame): admins and editors pass;
 * anyone else signed in gets 403; a signed-out visitor is sent to log in and comes back here. The role
 * comes with the session read of this request, so a revoked editor is refused from the next request on.
 */
export function requireContentEditor(
  context: Readonly<RouterContextProvider>,
  url: URL,
): AccountUser {
  const user = requireProfile(context, url);
  if (!canEditContent(user)) throw new Response("Forbidden", { status: 403 });
  return user;
}

/**
 * For the actions of content forms: the editor, or "signed-out" when the session ended while they were
 * typing. Redirecting a form's POST to the login page would throw away everything typed, so the form
 * shows `sessionEndedWhileEditing` beside the text it was sent and saves nothing. Signed-in visitors
 * who may not edit get 403 as on the pages.
 */
export function contentEditorForAction(
  context: Readonly<RouterContextProvider>,
  url: URL,
): { ok: true; user: AccountUser } | { ok: false; reason: "signed-out" } {
  const state = getSessionState(context);
  if (state.status === "unavailable") throw new SessionUnavailableError();
  if (state.status === "signed-out") return { ok: false, reason: "signed-out" };
  return { ok: true, user: requireContentEditor(context, url) };
}

export const sessionEndedWhileEditing =
  "You were signed out while editing, so this was not saved. Everything you typed is still below: open the login page in a new tab, sign in, then come back here and save again.";
