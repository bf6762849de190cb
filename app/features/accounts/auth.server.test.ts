import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { readGrantedRoles } from "~/features/accounts/granted-roles.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { outboxMailer } from "../../../tests/support/outbox-mailer";
import type { TestDatabase } from "../../../tests/support/test-databases";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { createAuth } from "./auth.server";
import { withPreparedHash } from "./password-hash.server";
import { accountRateLimits } from "./rate-limits.server";
import {
  quickSessionReaderFor,
  readSession,
  sessionAbsoluteLifetimeMs,
  toAccountUser,
} from "./session.server";

const baseUrl = "http://localhost:3999";
const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

const mailDirs: string[] = [];
afterEach(() => {
  for (const dir of mailDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The real auth configuration on a test database, with mail written to a temporary folder. */
function createTestAuth(database: TestDatabase) {
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "uls-mail-"));
  mailDirs.push(mailDir);
  const mail = outboxMailer(database.db, { mailDir });
  const auth = createAuth({
    database,
    mailer: mail.mailer,
    logger: silentLogger,
    config: { baseUrl, google: undefined, secret: "a-test-secret-that-is-long-enough-1234567890" },
  });
  const readMail = async () => {
    await auth.settleBackgroundTasks();
    await mail.deliver();
    return fs
      .readdirSync(mailDir)
      .sort()
      .map((file) => fs.readFileSync(path.join(mailDir, file), "utf8"));
  };
  return { auth, readMail };
}

function mailAbout(mails: string[], subject: string): string {
  const found = mails.filter((mail) => mail.includes(`Subject: ${subject}`));
  if (!found.length) throw new Error(`no mail about "${subject}" among ${mails.length}`);
  return found.at(-1) ?? "";
}

/** The first link to `pathname` in a raw .eml, with quoted-printable soft breaks undone. */
function linkIn(eml: string, pathname: string): URL {
  const decoded = eml.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = decoded.match(new RegExp(`${baseUrl}${pathname}\\?[^\\s<>"]+`));
  if (!match) throw new Error(`no ${pathname} link in:\n${decoded}`);
  return new URL(match[0]);
}

const registration = {
  email: "Ada.Lovelace@Example.edu",
  password: "analytical-engine-1843",
  name: "Ada Lovelace",
  firstName: "Ada",
  lastName: "Lovelace",
};

function cookieHeaders(setCookie: Headers): Headers {
  const cookies = setCookie
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((cookie) => cookie && !cookie.endsWith("="));
  return new Headers({ cookie: cookies.join("; ") });
}

/** Registers `registration`, follows the mailed verification link, signs in: the session cookie. */
async function signUpVerifiedAndSignIn(
  auth: ReturnType<typeof createTestAuth>["auth"],
  readMail: () => Promise<string[]>,
): Promise<Headers> {
  await auth.api.signUpEmail({ body: registration });
  const mail = mailAbout(await readMail(), "Verify your email address");
  await auth.api.verifyEmail({
    query: { token: linkIn(mail, "/verify-email").searchParams.get("token") ?? "" },
  });
  const signedIn = await auth.api.signInEmail({
    body: { email: registration.email, password: registration.password },
    returnHeaders: true,
  });
  return cookieHeaders(signedIn.headers);
}

/** The database with every query it runs counted (Kysely hands each result to its plugins). */
function countingQueries(database: TestDatabase) {
  const counter = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.queries++;
      return args.result;
    },
  };
  return { database: { ...database, db: database.db.withPlugin(plugin) }, counter };
}

for (const target of testDatabaseTargets()) {
  describe(`accounts on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("registers with a complete profile, mails a verification link, and refuses sign-in until verified", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);

      const signUp = await auth.api.signUpEmail({ body: registration });
      expect(signUp.token).toBeNull();
      const user = await database.db
        .selectFrom("user")
        .selectAll()
        .where("email", "=", "ada.lovelace@example.edu")
        .executeTakeFirstOrThrow();
      expect(Boolean(user.profileCompleted)).toBe(true);
      expect(Boolean(user.emailVerified)).toBe(false);
      expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", role: "user" });

      const mail = mailAbout(await readMail(), "Verify your email address");
      expect(mail).toContain("Content-Type: text/plain");
      const verifyLink = linkIn(mail, "/verify-email");

      await expect(
        auth.api.signInEmail({
          body: { email: registration.email, password: registration.password },
        }),
      ).rejects.toMatchObject({ body: { code: "EMAIL_NOT_VERIFIED" } });

      await auth.api.verifyEmail({ query: { token: verifyLink.searchParams.get("token") ?? "" } });
      const signedIn = await auth.api.signInEmail({
        body: { email: registration.email, password: registration.password },
        returnHeaders: true,
      });
      expect(signedIn.response.user.email).toBe("ada.lovelace@example.edu");
      expect(signedIn.headers.getSetCookie().join()).toMatch(
        /session_token=.+HttpOnly.+SameSite=Lax/i,
      );
    });

    it("stores the password hash made before better-auth's sign-up transaction (no hashing inside it)", async () => {
      const database = await databases.openMigrated();
      const { auth } = createTestAuth(database);
      await withPreparedHash(registration.password, "prepared-hash-marker", () =>
        auth.api.signUpEmail({ body: registration }),
      );
      const account = await database.db
        .selectFrom("account")
        .select("password")
        .where("providerId", "=", "credential")
        .executeTakeFirstOrThrow();
      expect(account.password).toBe("prepared-hash-marker");
    });

    it("answers a second registration of an address like the first, creates nothing, and tells the owner", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);
      await auth.api.signUpEmail({ body: registration });
      const second = await auth.api.signUpEmail({
        body: { ...registration, email: "ADA.LOVELACE@example.edu", firstName: "Mallory" },
      });
      expect(second.token).toBeNull();
      const users = await database.db.selectFrom("user").select(["firstName"]).execute();
      expect(users).toEqual([{ firstName: "Ada" }]);
      const mails = await readMail();
      expect(mails).toHaveLength(2);
      expect(mailAbout(mails, "Someone tried to register with your email address")).toContain(
        `${baseUrl}/forgot-password`,
      );
    });

    it("ends the session on the server at sign-out, so a replayed cookie is refused", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);
      const cookie = await signUpVerifiedAndSignIn(auth, readMail);
      expect(await auth.api.getSession({ headers: cookie })).not.toBeNull();
      await auth.api.signOut({ headers: cookie });
      expect(await auth.api.getSession({ headers: cookie })).toBeNull();
    });

    it("resets a password once per link, ends every session, and counts the link as verifying the address", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);
      await auth.api.signUpEmail({ body: registration });
      await auth.api.requestPasswordReset({ body: { email: registration.email } });
      // An unknown address gets the same answer and no mail.
      await auth.api.requestPasswordReset({ body: { email: "nobody@example.edu" } });
      const mails = await readMail();
      expect(mails).toHaveLength(2);
      const token =
        linkIn(mailAbout(mails, "Reset your password"), "/reset-password").searchParams.get(
          "token",
        ) ?? "";

      await auth.api.resetPassword({ body: { token, newPassword: "difference-engine-1822" } });
      await expect(
        auth.api.resetPassword({ body: { token, newPassword: "another-password-99" } }),
      ).rejects.toMatchObject({ body: { code: "INVALID_TOKEN" } });

      const signedIn = await auth.api.signInEmail({
        body: { email: registration.email, password: "difference-engine-1822" },
        returnHeaders: true,
      });
      const cookie = cookieHeaders(signedIn.headers);
      await auth.api.requestPasswordReset({ body: { email: registration.email } });
      const again = mailAbout(await readMail(), "Reset your password");
      await auth.api.resetPassword({
        body: {
          token: linkIn(again, "/reset-password").searchParams.get("token") ?? "",
          newPassword: "third-password-2024",
        },
      });
      expect(await auth.api.getSession({ headers: cookie })).toBeNull();
    });

    it("makes an ADMIN_EMAILS address an admin only once its owner set the password through a mailed link, and the reset lifts the sign-in limit", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);
      const adminEmails = ["ada.lovelace@example.edu"];
      // Someone registers the configured address with a password of their own, and the address gets
      // verified (the owner pressed the button without reading, say).
      const strangerCookie = await signUpVerifiedAndSignIn(auth, readMail);
      const strangerSession = await auth.api.getSession({ headers: strangerCookie });
      expect(strangerSession).not.toBeNull();
      expect(toAccountUser(strangerSession?.user as never, adminEmails).isAdmin).toBe(false);

      // Guesses from elsewhere use up the account's sign-in limit.
      const rule = accountRateLimits.failedSignInByEmail;
      for (let attempt = 0; attempt < rule.limit; attempt++)
        await consumeRateLimit(database, rule, registration.email);
      expect((await consumeRateLimit(database, rule, registration.email)).isAllowed).toBe(false);

      // The owner resets the password from the mailbox: the stranger's session ends, the role applies,
      // and the owner can sign in at once.
      await auth.api.requestPasswordReset({ body: { email: registration.email } });
      const token =
        linkIn(
          mailAbout(await readMail(), "Reset your password"),
          "/reset-password",
        ).searchParams.get("token") ?? "";
      await auth.api.resetPassword({ body: { token, newPassword: "difference-engine-1822" } });
      expect(await auth.api.getSession({ headers: strangerCookie })).toBeNull();
      expect((await consumeRateLimit(database, rule, registration.email)).isAllowed).toBe(true);
      const owner = await auth.api.signInEmail({
        body: { email: registration.email, password: "difference-engine-1822" },
        returnHeaders: true,
      });
      const ownerSession = await auth.api.getSession({ headers: cookieHeaders(owner.headers) });
      expect(toAccountUser(ownerSession?.user as never, adminEmails).isAdmin).toBe(true);
      // An address that is not configured gets nothing from the reset.
      expect(toAccountUser(ownerSession?.user as never, []).isAdmin).toBe(false);
    });

    it("reads a live session in one query without better-auth, and leaves every other case to it", async () => {
      const { database, counter } = countingQueries(await databases.openMigrated());
      const { auth, readMail } = createTestAuth(database);
      const cookie = await signUpVerifiedAndSignIn(auth, readMail);
      const readQuickly = await quickSessionReaderFor(auth, database);
      const options = { adminEmails: [registration.email.toLowerCase()], readQuickly };

      counter.queries = 0;
      const slow = await readSession(auth, cookie, { adminEmails: options.adminEmails });
      const slowQueries = counter.queries;
      counter.queries = 0;
      const quick = await readSession(auth, cookie, options);
      expect(counter.queries).toBe(1);
      expect(slowQueries).toBeGreaterThan(1);
      expect(quick.state).toEqual(slow.state);
      expect(quick.state).toMatchObject({
        status: "signed-in",
        user: { firstName: "Ada", hasProfile: true, isEmailVerified: true, isAdmin: false },
      });
      expect(quick.headers.getSetCookie()).toEqual([]);

      // A forged or altered signature is no session, without a query.
      const [name, value] = (cookie.get("cookie") ?? "").split("=") as [string, string];
      const signed = decodeURIComponent(value);
      const forged = `${signed.slice(0, signed.lastIndexOf(".") + 1)}${"A".repeat(43)}=`;
      counter.queries = 0;
      for (const wrong of [forged, signed.replace(/^./, "x"), signed.replace(/\+/g, "-")]) {
        if (wrong === signed) continue;
        const read = await readSession(
          auth,
          new Headers({ cookie: `${name}=${encodeURIComponent(wrong)}` }),
          options,
        );
        expect(read.state.status).toBe("signed-out");
      }
      expect(counter.queries).toBe(0);

      // Renewal due (a day since the last one): better-auth renews the row and sends a new cookie.
      const row = await database.db.selectFrom("session").selectAll().executeTakeFirstOrThrow();
      const dueAt = new Date(Date.now() + 6 * 24 * 60 * 60 * 1000 - 60_000);
      await database.db
        .updateTable("session")
        .set({ expiresAt: database.dialect === "postgres" ? dueAt : dueAt.toISOString() })
        .where("id", "=", row.id)
        .execute();
      expect((await readQuickly(cookie.get("cookie"))).kind).toBe("undecided");
      const renewed = await readSession(auth, cookie, options);
      expect(renewed.state.status).toBe("signed-in");
      expect(renewed.headers.getSetCookie().join()).toContain("session_token=");
      expect((await readQuickly(cookie.get("cookie"))).kind).toBe("live");

      // Signed out: the row is gone, so the very next read refuses the cookie.
      await auth.api.signOut({ headers: cookie });
      expect((await readQuickly(cookie.get("cookie"))).kind).toBe("undecided");
      expect((await readSession(auth, cookie, options)).state.status).toBe("signed-out");
      // Other better-auth cookies are better-auth's to interpret.
      const withMarker = new Headers({
        cookie: `${cookie.get("cookie")}; better-auth.dont_remember=x`,
      });
      expect((await readQuickly(withMarker.get("cookie"))).kind).toBe("undecided");
      expect((await readQuickly(null)).kind).toBe("none");
    });

    it("reads the reviewer and editor roles in the same single query, and asks for them in one when better-auth reads the session", async () => {
      const { database, counter } = countingQueries(await databases.openMigrated());
      const { auth, readMail } = createTestAuth(database);
      const cookie = await signUpVerifiedAndSignIn(auth, readMail);
      const readQuickly = await quickSessionReaderFor(auth, database);
      const readRoles = (userId: string) => readGrantedRoles(database.db, userId);
      const adminEmails: string[] = [];

      counter.queries = 0;
      const before = await readSession(auth, cookie, { adminEmails, readQuickly, readRoles });
      expect(counter.queries).toBe(1);
      expect(before.state).toMatchObject({
        status: "signed-in",
        user: { isReviewer: false, isEditor: false },
      });
      counter.queries = 0;
      await readSession(auth, cookie, { adminEmails });
      const slowWithoutRoles = counter.queries;
      counter.queries = 0;
      const slowBefore = await readSession(auth, cookie, { adminEmails, readRoles });
      expect(counter.queries).toBe(slowWithoutRoles + 1);
      expect(slowBefore.state).toEqual(before.state);

      const { id } = await database.db.selectFrom("user").select("id").executeTakeFirstOrThrow();
      const grant = { user_id: id, granted_by: null, granted_at: new Date().toISOString() };
      await database.db.insertInto("reviewer").values(grant).execute();
      counter.queries = 0;
      const reviewer = await readSession(auth, cookie, { adminEmails, readQuickly, readRoles });
      expect(counter.queries).toBe(1);
      expect(reviewer.state).toMatchObject({
        status: "signed-in",
        user: { isReviewer: true, isEditor: false },
      });

      await database.db.insertInto("content_editor").values(grant).execute();
      counter.queries = 0;
      const quick = await readSession(auth, cookie, { adminEmails, readQuickly, readRoles });
      expect(counter.queries).toBe(1);
      expect(quick.state).toMatchObject({
        status: "signed-in",
        user: { isReviewer: true, isEditor: true },
      });
      // better-auth's read (renewal, unknown cookies) asks for both roles in one query of its own.
      const slow = await readSession(auth, cookie, { adminEmails, readRoles });
      expect(slow.state).toEqual(quick.state);

      // Revoked: the very next read, quick or not, no longer carries the role.
      await database.db.deleteFrom("content_editor").where("user_id", "=", id).execute();
      const revoked = await readSession(auth, cookie, { adminEmails, readQuickly, readRoles });
      expect(revoked.state).toMatchObject({ user: { isReviewer: true, isEditor: false } });
      expect((await readSession(auth, cookie, { adminEmails, readRoles })).state).toEqual(
        revoked.state,
      );
      // A failed read of the roles grants none rather than failing the page.
      const failing = await readSession(auth, cookie, {
        adminEmails,
        readRoles: () => Promise.reject(new Error("database gone")),
      });
      expect(failing.state).toMatchObject({ user: { isReviewer: false, isEditor: false } });
    });

    it("ends a session 30 days after sign-in however recently it was used", async () => {
      const database = await databases.openMigrated();
      const { auth, readMail } = createTestAuth(database);
      const cookie = await signUpVerifiedAndSignIn(auth, readMail);
      const options = { adminEmails: [], readQuickly: await quickSessionReaderFor(auth, database) };
      const day = 24 * 60 * 60 * 1000;
      const fresh = await readSession(auth, cookie, options);
      expect(fresh.state.status).toBe("signed-in");
      const almost = new Date(Date.now() + sessionAbsoluteLifetimeMs - day);
      expect((await readSession(auth, cookie, { ...options, now: almost })).state.status).toBe(
        "signed-in",
      );
      const past = new Date(Date.now() + sessionAbsoluteLifetimeMs + 1000);
      expect((await readSession(auth, cookie, { ...options, now: past })).state.status).toBe(
        "signed-out",
      );
      // The session row is gone, so every process refuses the cookie from now on.
      expect(await auth.api.getSession({ headers: cookie })).toBeNull();
      expect(await database.db.selectFrom("session").select("id").execute()).toHaveLength(0);
    });
  });
}
