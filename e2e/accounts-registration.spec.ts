import { expect, test } from "@playwright/test";
import {
  at,
  logIn,
  logOut,
  mainNav,
  openMenuIfCollapsed,
  register,
  signedInAccount,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
  verifyFromMail,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, waitForMail } from "./support/mailbox";

// Accounts by email: registering, verifying by mail, signing in and out, the profile, the
// registration form's refusals, and the same pages without JavaScript.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("register, verify by email, sign in to the return path, edit the profile, log out", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("ada", testInfo);
  await register(page, { firstName: "Ada", lastName: "Lovelace", email, password: strongPassword });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out after registering; signing in before verifying is refused, with a resend offered.
  await page.getByRole("link", { name: "Go to Log In" }).click();
  await expect(page).toHaveURL(at("/login"));
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("alert")).toHaveText("Please verify your email before logging in.");
  await expectNoAxeViolations(page);
  const mailsBefore = await countMail(email);
  await page.getByRole("button", { name: "Resend the verification email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "sent successfully" })).toBeVisible();
  await waitForMail(email, { subject: "Verify your email address", after: mailsBefore });

  await verifyFromMail(page, email);
  await expectNoAxeViolations(page);

  await page.goto("/login?redirectTo=/naclo");
  await logIn(page, email, strongPassword);
  await expect(page).toHaveURL(at("/naclo"));

  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(mainNav(page).getByRole("link", { name: "User Data" })).toHaveCount(0);
  await mainNav(page).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Ada!" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page);
  // A name of spaces passes the browser's check and not the server's: the page (a document) comes
  // back with what was typed, not the stored profile.
  await page.getByLabel("First name").fill("   ");
  await page.getByLabel("Affiliation (optional)").fill("Analytical Engine Society");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Affiliation (optional)")).toHaveValue("Analytical Engine Society");
  await expect(page.getByLabel("Last name")).toHaveValue("Lovelace");
  await page.getByLabel("First name").fill("Augusta Ada");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(at("/profile?updated=1"));
  await expect(page.getByRole("heading", { name: "Welcome, Augusta Ada!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "updated successfully" })).toHaveClass(
    /message--success/,
  );

  await logOut(page);
});

test("a wrong password gets the site's sign-in error and no session", async ({
  page,
}, testInfo) => {
  const email = await signedInAccount(page, testInfo);
  await logOut(page);
  await page.goto("/login");
  await logIn(page, email, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(
    /\/login\?message=Please\+log\+in\+to\+continue\.&redirectTo=%2Fprofile$/,
  );
  await expect(
    page.getByRole("status").filter({ hasText: "Please log in to continue." }),
  ).toBeVisible();
});

test("registration: mismatched passwords, a common password, and an address that already exists", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("grace", testInfo);
  await register(page, {
    firstName: "Grace",
    lastName: "Hopper",
    email,
    password: strongPassword,
    confirm: `${strongPassword}!`,
  });
  await expect(page.getByRole("alert").first()).toHaveText("Passwords do not match");
  await expect(page.getByLabel("First name")).toHaveValue("Grace");
  await expectNoAxeViolations(page);

  await register(page, { firstName: "Grace", lastName: "Hopper", email, password: "password123" });
  await expect(page.getByRole("alert").first()).toContainText("too common");

  await register(page, { firstName: "Grace", lastName: "Hopper", email, password: strongPassword });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await waitForMail(email, { subject: "Verify your email address" });

  // The same answer for an address that has an account; its owner hears about it by mail.
  await register(page, {
    firstName: "Mallory",
    lastName: "Intruder",
    email,
    password: "another-long-passphrase",
  });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await waitForMail(email, { subject: "Someone tried to register with your email address" });
  await verifyFromMail(page, email);
  await page.goto("/login?redirectTo=/profile");
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("heading", { name: "Welcome, Grace!" })).toBeVisible();
});

test("account pages without JavaScript: registering and signing in are plain forms", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await useOwnClientAddress(context);
  const page = await context.newPage();
  const email = uniqueEmail("nojs", testInfo);
  await register(page, {
    firstName: "Ferdinand",
    lastName: "Saussure",
    email,
    password: strongPassword,
  });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await verifyFromMail(page, email);
  await page.goto("/login?redirectTo=/profile");
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("heading", { name: "Welcome, Ferdinand!" })).toBeVisible();
  await context.close();
});
