import crypto from "node:crypto";
import { type BrowserContext, expect, type Page, type TestInfo } from "@playwright/test";
import { linkTo, waitForMail } from "./mailbox";

export const strongPassword = "colourless-green-ideas-42";

/** An address no other test (or earlier run against a reused database) has used. */
export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  return `${prefix}+${testInfo.project.name}-${crypto.randomBytes(4).toString("hex")}@e2e.test`;
}

/**
 * The server trusts X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), so each test
 * can come from its own client address and has rate-limit buckets of its own.
 */
export async function useOwnClientAddress(context: BrowserContext): Promise<string> {
  const bytes = crypto.randomBytes(3);
  const address = `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

/**
 * The whole address is `path` on the site under test. (A loose /\/profile$/ would also match
 * /login?redirectTo=/profile, the page before signing in.)
 */
export function at(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** On the login page, with a query string. */
export const atLogin = /^https?:\/\/[^/]+\/login\?/;

export function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** Opens the mobile menu when the page shows the hamburger, so nav links can be checked. */
export async function openMenuIfCollapsed(page: Page) {
  // The menu is a <details>; its toggle is the summary (see e2e/support/disclosures.ts).
  const toggle = mainNav(page).locator("summary", { hasText: "Menu" });
  if (!(await toggle.isVisible())) return;
  const isOpen = await toggle.evaluate((summary) => summary.parentElement?.hasAttribute("open"));
  if (!isOpen) await toggle.click();
}

/**
 * Fills in and sends the sign-up form: on a fresh /register, or (`onCurrentPage`) on the one already
 * open, which keeps the way back a link to it carried (`/register?redirectTo=...`).
 */
export async function register(
  page: Page,
  account: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    confirm?: string;
  },
  options: { onCurrentPage?: boolean } = {},
) {
  if (!options.onCurrentPage) await page.goto("/register");
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.confirm ?? account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

export async function verifyFromMail(page: Page, email: string) {
  const mail = await waitForMail(email, { subject: "Verify your email address" });
  await page.goto(linkTo(mail, "/verify-email"));
  // Opening the link only offers the button: a mail scanner's visit verifies nothing.
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByText("Your email was verified successfully.")).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

/**
 * Registers, verifies and signs in a new account (a fresh address with this prefix, or the given
 * address), ending on `landing`; returns the address.
 */
export async function signedInAccount(
  page: Page,
  testInfo: TestInfo,
  prefix = "member",
  options: { email?: string; landing?: string } = {},
) {
  const email = options.email ?? uniqueEmail(prefix, testInfo);
  const landing = options.landing ?? "/profile";
  await register(page, { firstName: "Noam", lastName: "Tester", email, password: strongPassword });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await verifyFromMail(page, email);
  await page.goto(`/login?redirectTo=${encodeURIComponent(landing)}`);
  await logIn(page, email, strongPassword);
  await expect(page).toHaveURL(at(landing));
  return email;
}

export async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page).toHaveURL(at("/"));
  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
}

/** From the login page: through the stand-in Google's sign-in page, as `email`, or cancelling there. */
export async function signInWithGoogle(page: Page, email: string | "cancel") {
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL(
    new RegExp(`^http://localhost:${process.env.OIDC_PORT ?? 3127}/interaction/`),
  );
  if (email === "cancel") {
    await page.getByRole("button", { name: "Cancel" }).click();
    return;
  }
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
}
