import { describe, expect, it, vi } from "vitest";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import {
  capturedLog,
  clientRequest,
  cookieFrom,
  installAccounts,
  registerVerified,
} from "../../../tests/support/account-harness";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { changePassword, resetPassword } from "./passwords.server";
import { accountRateLimits } from "./rate-limits.server";
import { signInWithPassword } from "./sign-in.server";

// Each test hashes several passwords on purpose-slow settings: on a busy two-core machine that takes a while.
vi.setConfig({ testTimeout: 30_000 });

vi.mock("~/lib/logger.server", async () => {
  const { capturedLog } = await import("../../../tests/support/captured-log");
  return { getLogger: () => capturedLog.logger };
});

const ada = {
  email: "ada.lovelace@example.edu",
  password: "analytical-engine-1843",
  firstName: "Ada",
  lastName: "Lovelace",
};
const attacker = "203.0.113.66";
const owner = "198.51.100.7";

function signIn(address: string, password: string) {
  return signInWithPassword(clientRequest(address), {
    email: ada.email,
    password,
    redirectTo: null,
  });
}

/** No log line holds a password tried, the session cookie or token, or a reset token. */
function expectNoSecretsInLog(secrets: string[]) {
  const log = capturedLog.lines.join("\n");
  for (const secret of secrets.filter(Boolean)) expect(log).not.toContain(secret);
}

describe.each(testDatabaseTargets())("sign-in lockout and security log on $name", (target) => {
  const databases = useTestDatabases(target);

  it("locks out the guessing client after ten failures, while the owner elsewhere still signs in", async () => {
    const database = await databases.openMigrated();
    const { auth } = installAccounts(database);
    const userId = await registerVerified(database, auth, ada);

    const guesses = Array.from({ length: 10 }, (_, index) => `wrong-guess-number-${index}`);
    for (const guess of guesses)
      expect(await signIn(attacker, guess)).toMatchObject({ reason: "wrongCredentials" });
    // The eleventh try from the same client is refused before the password is checked, right or not.
    expect(await signIn(attacker, ada.password)).toMatchObject({ reason: "rateLimited" });
    const refused = await signIn(attacker, "wrong-guess-again");
    expect(refused.ok || refused.reason === "rateLimited").toBe(true);

    // The owner, at another address with no failures, is let in.
    const signedIn = await signIn(owner, ada.password);
    expect(signedIn.ok).toBe(true);
    const cookie = signedIn.ok ? cookieFrom(signedIn.value.headers) : "";
    expect(cookie).not.toBe("");

    const failures = capturedLog.events("account.sign-in-failed");
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({ userId, address: attacker, reason: "wrong-password" });
    expect(capturedLog.events("account.sign-in-locked")[0]).toMatchObject({
      userId,
      address: attacker,
      scope: "client",
    });
    expect(capturedLog.events("account.sign-in")).toEqual([
      expect.objectContaining({ userId, address: owner }),
    ]);
    const sessionToken = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    expectNoSecretsInLog([...guesses, ada.password, cookie, sessionToken]);
  });

  it("past the account's ceiling, refuses only clients that already failed at it", async () => {
    const database = await databases.openMigrated();
    const { auth } = installAccounts(database);
    await registerVerified(database, auth, ada);
    // Guessing spread over many addresses has used up the account's ceiling.
    const ceiling = accountRateLimits.failedSignInByEmail;
    for (let attempt = 0; attempt < ceiling.limit; attempt++)
      await consumeRateLimit(database, ceiling, ada.email);

    // A client that has failed here before is refused, even with the right password...
    expect(await signIn("192.0.2.10", "one-wrong-guess-here")).toMatchObject({
      reason: "wrongCredentials",
    });
    expect(await signIn("192.0.2.10", ada.password)).toMatchObject({ reason: "rateLimited" });
    expect(capturedLog.events("account.sign-in-locked")[0]).toMatchObject({ scope: "account" });
    // ...while a client with no failures of its own gets its attempt.
    expect((await signIn("192.0.2.11", ada.password)).ok).toBe(true);

    // Past the hard ceiling (guessing from hundreds of addresses), nobody gets in until a reset.
    const hard = accountRateLimits.signInAttemptsByEmailHard;
    for (let attempt = 0; attempt < hard.limit; attempt++)
      await consumeRateLimit(database, hard, ada.email);
    expect(await signIn("192.0.2.12", ada.password)).toMatchObject({ reason: "rateLimited" });
  });

  it("logs password changes with the account and address, and counts wrong current passwords as guesses", async () => {
    const database = await databases.openMigrated();
    const { auth } = installAccounts(database);
    const userId = await registerVerified(database, auth, ada);
    const signedIn = await signIn(owner, ada.password);
    const cookie = signedIn.ok ? cookieFrom(signedIn.value.headers) : "";
    const user = {
      id: userId,
      email: ada.email,
      firstName: ada.firstName,
      lastName: ada.lastName,
      isEmailVerified: true,
      hasProfile: true,
      isAdmin: false,
      isReviewer: false,
      isEditor: false,
    };
    const request = clientRequest(owner, { cookie, path: "/edit-profile" });

    // The rules apply to a change too, with the account's own names.
    expect(
      await changePassword(request, user, {
        currentPassword: ada.password,
        password: "Lovelace2025!",
      }),
    ).toMatchObject({ ok: false });
    expect(
      await changePassword(request, user, {
        currentPassword: "not-my-current-one",
        password: "a-brand-new-passphrase-7",
      }),
    ).toMatchObject({ reason: "wrongCurrentPassword" });
    const changed = await changePassword(request, user, {
      currentPassword: ada.password,
      password: "a-brand-new-passphrase-7",
    });
    expect(changed.ok).toBe(true);

    expect(capturedLog.events("account.sign-in-failed")[0]).toMatchObject({
      userId,
      address: owner,
      reason: "wrong-current-password",
    });
    expect(capturedLog.events("account.password-changed")).toEqual([
      expect.objectContaining({ userId, address: owner }),
    ]);
    expectNoSecretsInLog([ada.password, "a-brand-new-passphrase-7", "not-my-current-one", cookie]);
  });

  it("resets with the rules applied to the link owner's names, forgets the resetting client's failures, and logs it", async () => {
    const database = await databases.openMigrated();
    const { auth, sent } = installAccounts(database);
    const userId = await registerVerified(database, auth, ada);
    for (let guess = 0; guess < 10; guess++) await signIn(owner, `mistyped-password-${guess}`);
    expect(await signIn(owner, ada.password)).toMatchObject({ reason: "rateLimited" });

    await auth.api.requestPasswordReset({ body: { email: ada.email } });
    await auth.settleBackgroundTasks();
    const mail = sent.find((message) => message.subject.startsWith("Reset your password"));
    const token = mail?.text.match(/token=([^\s&]+)/)?.[1] ?? "";
    expect(token).not.toBe("");

    const request = clientRequest(owner, { path: "/reset-password" });
    expect(await resetPassword(request, { token, password: "Lovelace1815!" })).toMatchObject({
      reason: "passwordPersonal",
    });
    expect(await resetPassword(request, { token, password: "Linguistics2025" })).toMatchObject({
      reason: "passwordSiteWord",
    });
    expect((await resetPassword(request, { token, password: "difference-engine-1822" })).ok).toBe(
      true,
    );
    expect((await signIn(owner, "difference-engine-1822")).ok).toBe(true);
    expect(capturedLog.events("account.password-reset")).toEqual([
      expect.objectContaining({ userId, address: owner }),
    ]);
    expectNoSecretsInLog([token, "difference-engine-1822"]);
  });
});
