import crypto from "node:crypto";
import { afterEach } from "vitest";
import { createAuth } from "~/features/accounts/auth.server";
import { capturedLog } from "./captured-log";
import { recordingMailer } from "./recording-mailer";

export { capturedLog };

import type { TestDatabase } from "./test-databases";

/**
 * The account commands (sign-in, passwords, sessions) as the server runs them: they read the process's
 * auth, database and mailer singletons, which this installs on a test database, with the mail recorded.
 * The log's lines are captured by mocking ~/lib/logger.server with `capturedLog` (captured-log.ts).
 */

type SingletonStore = { __singletons?: Map<string, unknown> };
const store = globalThis as typeof globalThis & SingletonStore;

afterEach(() => {
  for (const name of ["database", "auth", "mailer", "quick-session-reader"])
    store.__singletons?.delete(name);
  capturedLog.lines.splice(0);
});

export const testSecret = "a-test-secret-that-is-long-enough-1234567890";

export function installAccounts(database: TestDatabase) {
  const { sent, mailer } = recordingMailer();
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  const auth = createAuth({
    database,
    mailer,
    logger: silent,
    config: { baseUrl: "http://localhost:3999", google: undefined, secret: testSecret },
  });
  store.__singletons ??= new Map();
  store.__singletons.set("database", database);
  store.__singletons.set("auth", auth);
  store.__singletons.set("mailer", mailer);
  return { auth, sent };
}

/** A verified account with a password, as registration and the mailed link leave it. */
export async function registerVerified(
  database: TestDatabase,
  auth: ReturnType<typeof createAuth>,
  person: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const { user } = await auth.api.signUpEmail({
    body: { ...person, name: `${person.firstName} ${person.lastName}` },
  });
  await database.db
    .updateTable("user")
    .set({ emailVerified: database.dialect === "postgres" ? true : 1 })
    .where("id", "=", user.id)
    .execute();
  return user.id;
}

/** A request from a client address (the header the server sets) and device, with cookies if any. */
export function clientRequest(
  address: string,
  options: { cookie?: string; userAgent?: string; path?: string } = {},
): Request {
  const headers = new Headers({ "x-client-ip": address });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.userAgent) headers.set("user-agent", options.userAgent);
  return new Request(`http://localhost:3999${options.path ?? "/login"}`, {
    method: "POST",
    headers,
  });
}

/** The `cookie` header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(setCookie: Headers): string {
  return setCookie
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((cookie) => cookie && !cookie.endsWith("="))
    .join("; ");
}

/**
 * A session for any account (a Google-only one has no password to sign in with), made by better-auth,
 * and the signed cookie that carries it.
 */
export async function sessionCookieFor(
  auth: ReturnType<typeof createAuth>,
  userId: string,
  headers: Headers = new Headers(),
): Promise<{ token: string; cookie: string }> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: headers.get("x-client-ip") ?? undefined,
    userAgent: headers.get("user-agent") ?? undefined,
  });
  const signature = crypto.createHmac("sha256", testSecret).update(session.token).digest("base64");
  return {
    token: session.token,
    cookie: `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
  };
}
