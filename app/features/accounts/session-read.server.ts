import crypto from "node:crypto";
import { boundedMemo } from "~/lib/bounded-memo";
import type { DatabaseHandle } from "~/lib/db/database.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { DbBoolean, DbTimestamp } from "~/lib/db/schema";
import { isBetterAuthCookieName } from "./session-cookie";

/** What better-auth's context says about its cookies and secret (`(await auth.$context)`). */
export type SessionCookieSettings = {
  secret: string;
  /** Name of the signed session-token cookie (`__Secure-` prefixed over HTTPS). */
  sessionTokenName: string;
  /** The session's sliding lifetime and how often it is renewed, in seconds (better-auth's config). */
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

export type SessionRow = {
  token: string;
  createdAt: DbTimestamp;
  expiresAt: DbTimestamp;
  userId: string;
  email: string;
  emailVerified: DbBoolean;
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  profileCompleted: DbBoolean | null;
  mailboxConfirmedAt: DbTimestamp | null;
  /** Set when the user holds the reviewer role (the header's Review link). */
  reviewerId: string | null;
  /** Set when the user holds the editor role (the site's content). */
  editorId: string | null;
};

/**
 * The outcome of the quick read: no session (no cookie, or one whose signature is wrong: better-auth
 * answers those the same way, without writing anything), a live session that needs nothing written, or
 * `undecided`: anything that may need a write or a cookie change (renewal due, expired or unknown
 * token, better-auth's other cookies), which better-auth's own getSession then handles.
 */
export type QuickSessionRead =
  | { kind: "none" }
  | { kind: "live"; row: SessionRow }
  | { kind: "undecided" };

/**
 * Reads the request's session with one prepared query (session joined to its user by the unique token)
 * and a synchronous HMAC check of the cookie. better-auth's getSession reads the same row on every
 * request too, but through two queries (session, then user: its adapter joins in memory), two WebCrypto
 * key imports and signature checks, and its endpoint machinery: about a tenth of a signed-in page's CPU
 * time. Nothing is cached between requests, so sign-out, password resets and revoked sessions take
 * effect at once in every process; every case that writes (the daily renewal, deleting an expired
 * session, clearing cookies) is left to better-auth.
 */
export function createQuickSessionReader(
  database: DatabaseHandle,
  settings: SessionCookieSettings,
) {
  // Built once: the query's text and shape never change, only the token does (its one parameter).
  const readSessionRows = preparedQuery((db, { token }: { token: string }) =>
    db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      // The granted roles ride along (each a primary-key probe), so the header's Review and Site content
      // links and the editor's guard cost no query of their own.
      .leftJoin("reviewer", "reviewer.user_id", "user.id")
      .leftJoin("content_editor", "content_editor.user_id", "user.id")
      .select([
        "session.token as token",
        "session.createdAt as createdAt",
        "session.expiresAt as expiresAt",
        "user.id as userId",
        "user.email as email",
        "user.emailVerified as emailVerified",
        "user.firstName as firstName",
        "user.lastName as lastName",
        "user.role as role",
        "user.profileCompleted as profileCompleted",
        "user.mailboxConfirmedAt as mailboxConfirmedAt",
        "reviewer.user_id as reviewerId",
        "content_editor.user_id as editorId",
      ])
      // The token is unique: no LIMIT. SQLite runs this join three to four times slower with a bound
      // `limit ?` (22 µs against 6.7 µs a read, measured on its own), and it was a signed-in page's
      // dearest statement.
      .where("session.token", "=", token),
  );
  const hmacKey = crypto.createSecretKey(Buffer.from(settings.secret, "utf8"));
  // A cookie whose signature checked out once is the same token every time (an HMAC under a fixed
  // secret), so the check is not redone for every page a visitor opens; the row is still read each time,
  // so a signed-out or revoked session ends at once. Only good signatures are kept, and only so many.
  const verifiedOnce = boundedMemo((signedValue) => verifiedToken(signedValue, hmacKey), {
    limit: verifiedCookiesKept,
    // better-call's signed value (a token, a dot and a 44-character signature) is far shorter.
    maxKeyLength: 256,
    keep: (token) => token !== null,
  });

  return async function readQuickly(
    cookieHeader: string | null,
    now = Date.now(),
  ): Promise<QuickSessionRead> {
    if (!cookieHeader) return { kind: "none" };
    const cookies = parseCookies(cookieHeader);
    let signedValue: string | undefined;
    for (const [name, value] of cookies) {
      if (name === settings.sessionTokenName) signedValue = value;
      // The "don't remember me" marker or cached session data: better-auth decides what they mean.
      else if (isBetterAuthCookieName(name)) return { kind: "undecided" };
    }
    if (!signedValue) return { kind: "none" };
    const token = verifiedOnce(signedValue);
    if (!token) return { kind: "none" };
    const [row] = await readSessionRows(database.db, { token });
    if (!row) return { kind: "undecided" };
    const expiresAt = new Date(row.expiresAt).getTime();
    if (!(expiresAt > now)) return { kind: "undecided" };
    // better-auth renews (and re-sets the cookie) once `updateAge` has passed since the last renewal.
    const renewsAt =
      expiresAt - settings.expiresInSeconds * 1000 + settings.updateAgeSeconds * 1000;
    if (renewsAt <= now) return { kind: "undecided" };
    return { kind: "live", row };
  };
}

/** How many checked session cookies a process remembers (the oldest is forgotten first). */
const verifiedCookiesKept = 10_000;

/**
 * better-call's signed cookie: `token.base64(HMAC-SHA256(secret, token))`, URL-encoded. The same checks
 * as its getSignedCookie (the signature is 44 characters ending in "="), compared in constant time.
 */
export function verifiedToken(signedValue: string, key: crypto.KeyObject): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  // Compared as text: Buffer's base64 decoder would also accept base64url spellings better-call refuses.
  const expected = Buffer.from(
    crypto.createHmac("sha256", key).update(token, "utf8").digest("base64"),
    "utf8",
  );
  const given = Buffer.from(signature, "utf8");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return token;
}

/** Cookie pairs as better-call reads them: the first of a repeated name wins, values URL-decoded. */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1) continue;
    const name = pair.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as sent, as better-call does.
    }
    cookies.set(name, value);
  }
  return cookies;
}
