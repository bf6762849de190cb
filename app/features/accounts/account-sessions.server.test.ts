import { describe, expect, it, vi } from "vitest";
import {
  capturedLog,
  clientRequest,
  installAccounts,
  registerVerified,
  sessionCookieFor,
} from "../../../tests/support/account-harness";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import { listAccountSessions, signOutOtherDevices } from "./account-sessions.server";
import { hasPassword } from "./passwords.server";
import { completeProfile, freshSignInMs } from "./profile.server";

// The mail's link is built from BASE_URL.
vi.stubEnv("BASE_URL", "http://localhost:3999");

// Each test hashes several passwords on purpose-slow settings: on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 30_000 });

vi.mock("~/lib/logger.server", async () => {
  const { capturedLog } = await import("../../../tests/support/captured-log");
  return { getLogger: () => capturedLog.logger };
});

const android =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

function deviceHeaders(address: string, userAgent: string) {
  return new Headers({ "x-client-ip": address, "user-agent": userAgent });
}

const googleOnly = { id: "google-only", email: "grace.hopper@example.edu" };

function accountUser(id: string, email: string) {
  return {
    id,
    email,
    firstName: "Grace",
    lastName: "Hopper",
    isEmailVerified: true,
    hasProfile: false,
    isAdmin: false,
    isReviewer: false,
    isEditor: false,
  };
}

describe.each(testDatabaseTargets())("the account's sessions on $name", (target) => {
  const databases = useTestDatabases(target);

  it("lists each device in plain words with its address, this one marked, and signs out only the others", async () => {
    const database = await databases.openMigrated();
    const { auth } = installAccounts(database);
    const userId = await registerVerified(database, auth, {
      email: "ada.lovelace@example.edu",
      password: "analytical-engine-1843",
      firstName: "Ada",
      lastName: "Lovelace",
    });
    const phone = await sessionCookieFor(auth, userId, deviceHeaders("198.51.100.7", android));
    const other = await sessionCookieFor(auth, userId, deviceHeaders("203.0.113.9", iphone));

    const sessions = await listAccountSessions(userId, phone.token, { handle: database });
    expect(
      sessions.map(({ device, address, isCurrent }) => ({ device, address, isCurrent })),
    ).toEqual([
      { device: "Chrome on Android", address: "198.51.100.7", isCurrent: true },
      { device: "Safari on iPhone", address: "203.0.113.9", isCurrent: false },
    ]);

    const request = clientRequest("198.51.100.7", { cookie: phone.cookie, path: "/profile" });
    expect(await signOutOtherDevices(request, { id: userId })).toEqual({ ok: true, value: 1 });
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: other.cookie }) }),
    ).toBeNull();
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: phone.cookie }) }),
    ).not.toBeNull();
    expect(capturedLog.events("account.sessions-revoked")).toEqual([
      expect.objectContaining({ userId, address: "198.51.100.7", count: 1 }),
    ]);
    expect(capturedLog.lines.join("\n")).not.toContain(other.token);
    expect(capturedLog.lines.join("\n")).not.toContain(phone.token);
  });

  it("adds a password to a Google-only account after a fresh sign-in, ends the other sessions and mails the owner", async () => {
    const database = await databases.openMigrated();
    const { auth, sent } = installAccounts(database);
    await insertTestUser(database, googleOnly);
    const elsewhere = await sessionCookieFor(auth, googleOnly.id);
    const here = await sessionCookieFor(auth, googleOnly.id);
    const request = clientRequest("198.51.100.7", {
      cookie: here.cookie,
      path: "/complete-profile",
    });
    const user = accountUser(googleOnly.id, googleOnly.email);

    // The rules apply, with the person's own names.
    expect(
      await completeProfile(request, user, {
        firstName: "Grace",
        lastName: "Hopper",
        password: "Hopper1906!",
      }),
    ).toMatchObject({ reason: "passwordPersonal" });
    expect(
      await completeProfile(request, user, {
        firstName: "Grace",
        lastName: "Hopper",
        password: "compiler-moth-logbook-47",
      }),
    ).toEqual({ ok: true, value: undefined });

    expect(await hasPassword(googleOnly.id, database)).toBe(true);
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: elsewhere.cookie }) }),
    ).toBeNull();
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: here.cookie }) }),
    ).not.toBeNull();
    const mail = sent.find((message) => message.to === googleOnly.email);
    expect(mail?.subject).toMatch(/^A password was added to your account/);
    expect(mail?.text).toMatch(/If this wasn't you, reset the password/);
    expect(mail?.text).toContain("http://localhost:3999/forgot-password");
    expect(capturedLog.events("account.password-added")).toEqual([
      expect.objectContaining({ userId: googleOnly.id, address: "198.51.100.7" }),
    ]);
    expect(capturedLog.events("account.sessions-revoked")[0]).toMatchObject({ count: 1 });
    expect(capturedLog.lines.join("\n")).not.toContain("compiler-moth-logbook-47");
  });

  it("refuses to add a password from a session older than ten minutes, and changes nothing", async () => {
    const database = await databases.openMigrated();
    const { auth, sent } = installAccounts(database);
    await insertTestUser(database, googleOnly);
    const elsewhere = await sessionCookieFor(auth, googleOnly.id);
    const here = await sessionCookieFor(auth, googleOnly.id);
    const signedInAt = new Date(Date.now() - freshSignInMs - 60_000);
    await database.db
      .updateTable("session")
      .set({ createdAt: database.dialect === "postgres" ? signedInAt : signedInAt.toISOString() })
      .where("token", "=", here.token)
      .execute();

    const request = clientRequest("198.51.100.7", {
      cookie: here.cookie,
      path: "/complete-profile",
    });
    expect(
      await completeProfile(request, accountUser(googleOnly.id, googleOnly.email), {
        firstName: "Grace",
        lastName: "Hopper",
        password: "compiler-moth-logbook-47",
      }),
    ).toEqual({ ok: false, reason: "freshSignInNeeded" });
    expect(await hasPassword(googleOnly.id, database)).toBe(false);
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: elsewhere.cookie }) }),
    ).not.toBeNull();
    expect(sent).toHaveLength(0);
  });
});
