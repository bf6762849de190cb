import { expect, test } from "@playwright/test";
import {
  atLogin,
  logIn,
  logOut,
  signedInAccount,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkTo, waitForMail } from "./support/mailbox";

// Passwords and sessions: forgetting and changing the password (each ends the other sessions), and a
// session cookie replayed after logging out.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("forgot password: same answer for any address; the link works once and ends other sessions", async ({
  page,
  browser,
}, testInfo) => {
  const email = await signedInAccount(page, testInfo, "reset");
  const otherDevice = await browser.newContext();
  await useOwnClientAddress(otherDevice);
  const other = await otherDevice.newPage();
  await other.goto("/login?redirectTo=/profile");
  await logIn(other, email, strongPassword);
  await expect(other.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();

  await logOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expectNoAxeViolations(page);
  await page.getByLabel("Email").fill(uniqueEmail("nobody", testInfo));
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const answerForUnknown = await page.getByRole("main").innerText();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  expect((await page.getByRole("main").innerText()).replace(email, "X")).toBe(
    answerForUnknown.replace(/\S+@e2e\.test/, "X"),
  );

  const mail = await waitForMail(email, { subject: "Reset your password" });
  const resetLink = linkTo(mail, "/reset-password");
  await page.goto(resetLink);
  await expectNoAxeViolations(page);
  const newPassword = "a-brand-new-passphrase-7";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Your password was changed successfully.")).toBeVisible();

  // The other device's session ended with the reset.
  await other.reload();
  await expect(other).toHaveURL(atLogin);
  await otherDevice.close();

  // The link is single-use.
  await page.goto(resetLink);
  await page.getByLabel("New password").fill("yet-another-passphrase-8");
  await page.getByLabel("Confirm password").fill("yet-another-passphrase-8");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This reset link is invalid or has expired. Please ask for a new one.",
  );

  await page.goto("/login?redirectTo=/profile");
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await logIn(page, email, newPassword);
  await expect(page.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();
});

test("change the password on /edit-profile: the current one is required, common ones are refused, other sessions end", async ({
  page,
  browser,
}, testInfo) => {
  const email = await signedInAccount(page, testInfo, "change");
  const otherDevice = await browser.newContext();
  await useOwnClientAddress(otherDevice);
  const other = await otherDevice.newPage();
  await other.goto("/login?redirectTo=/profile");
  await logIn(other, email, strongPassword);
  await expect(other.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();

  await page.goto("/edit-profile");
  const section = page.getByRole("region", { name: "Change Password" });
  const change = async (current: string, next: string) => {
    await section.getByLabel("Current password").fill(current);
    await section.getByLabel("New password").fill(next);
    await section.getByLabel("Confirm password").fill(next);
    await section.getByRole("button", { name: "Change Password" }).click();
  };
  await change("not-my-password-at-all", "a-fresh-passphrase-31");
  await expect(section.getByRole("alert")).toHaveText("Your current password is incorrect.");
  await change(strongPassword, "password123");
  await expect(section.getByRole("alert")).toHaveText(
    "That password is too common and easy to guess. Please choose another.",
  );
  await expectNoAxeViolations(page);
  const newPassword = "a-fresh-passphrase-31";
  await change(strongPassword, newPassword);
  await expect(section.getByRole("status")).toHaveText(
    "Your password was changed successfully. You were signed out everywhere else.",
  );

  // This browser stays signed in; the other device is signed out.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(atLogin);
  await otherDevice.close();

  await logOut(page);
  await page.goto("/login?redirectTo=/profile");
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await logIn(page, email, newPassword);
  await expect(page.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();
});

test("a session cookie replayed after logout is refused", async ({ page, browser }, testInfo) => {
  await signedInAccount(page, testInfo, "replay");
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name.endsWith("session_token"))).toMatchObject({
    httpOnly: true,
    sameSite: "Lax",
  });
  await logOut(page);

  const attacker = await browser.newContext();
  await attacker.addCookies(cookies);
  const replay = await attacker.newPage();
  await replay.goto("/profile");
  await expect(replay).toHaveURL(atLogin);
  await attacker.close();
});

test("the profile lists the signed-in devices and signs out the others after a confirmation, at 375 px", async ({
  page,
  browser,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const email = await signedInAccount(page, testInfo, "devices");
  const otherDevice = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  await useOwnClientAddress(otherDevice);
  const other = await otherDevice.newPage();
  await other.goto("/login?redirectTo=/profile");
  await logIn(other, email, strongPassword);
  await expect(other.getByRole("heading", { name: "Welcome, Noam!" })).toBeVisible();

  await page.goto("/profile");
  const sessions = page.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").first()).toContainText("This device");
  await expect(sessions.getByText("Safari on iPhone")).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await sessions.getByRole("button", { name: "Sign out of all other devices" }).click();
  await expect(
    sessions.getByRole("heading", { name: "Sign out of 1 other device?" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await sessions.getByRole("button", { name: "Yes, sign them out" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Signed out of 1 other device successfully. This device stays signed in.",
  );
  await expect(sessions.getByRole("listitem")).toHaveCount(1);

  // The other device is signed out on its next request; this one is not.
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login/);
  await otherDevice.close();
});
