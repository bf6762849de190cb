import { expect, test } from "@playwright/test";
import {
  at,
  atLogin,
  logIn,
  logOut,
  mainNav,
  openMenuIfCollapsed,
  register,
  signInWithGoogle,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import { withProjectDatabase } from "./support/review-database";

// Signing in with Google (the stand-in provider of support/openid-provider.mjs): a new account
// completes its profile, cancelling, and the unverified addresses that never sign in.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("Google sign-in of a new account completes the profile, then email sign-in works with the password set there", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("alan.turing", testInfo);
  await page.goto("/login?redirectTo=/sculc-2024");
  await signInWithGoogle(page, email);

  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/complete-profile\?/);
  await expect(
    page.getByRole("status").filter({ hasText: "Please complete your profile." }),
  ).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Alan");
  await expect(page.getByLabel("Last name")).toHaveValue("Turing");
  await expectNoAxeViolations(page);

  // Blank-looking names pass the browser's `required` check; the server refuses them.
  await page.getByLabel("First name").fill("   ");
  await page.getByLabel("Password", { exact: true }).fill(strongPassword);
  await page.getByLabel("Confirm password").fill(strongPassword);
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("Please fill out all fields.");
  await expectNoAxeViolations(page);
  await page.getByLabel("First name").fill("Alan");
  await page.getByLabel("Password", { exact: true }).fill(strongPassword);
  await page.getByLabel("Confirm password").fill(strongPassword);
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(at("/sculc-2024"));

  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Welcome, Alan!" })).toBeVisible();
  await logOut(page);
  await page.goto("/login?redirectTo=/profile");
  await logIn(page, email, strongPassword);
  await expect(page.getByRole("heading", { name: "Welcome, Alan!" })).toBeVisible();

  // The same Google identity signs straight in next time.
  await logOut(page);
  await page.goto("/login?redirectTo=/profile");
  // The provider remembers its own session, so no sign-in page this time.
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Alan!" })).toBeVisible();
});

test("a new Google user who came to /login with no return path lands on / after completing the profile", async ({
  page,
}, testInfo) => {
  await page.goto("/login");
  await signInWithGoogle(page, uniqueEmail("ada.lovelace", testInfo));
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/complete-profile(\?|$)/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBeNull();
  await page.getByLabel("Password", { exact: true }).fill(strongPassword);
  await page.getByLabel("Confirm password").fill(strongPassword);
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(at("/"));
});

test("cancelling at Google shows the canceled message and signs nobody in", async ({ page }) => {
  await page.goto("/login");
  await signInWithGoogle(page, "cancel");
  await expect(page).toHaveURL(atLogin);
  await expect(page.getByRole("alert")).toHaveText(
    "Google Sign-In was canceled. Please try again.",
  );
  await expectNoAxeViolations(page);
  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test(
  "Google never joins an account whose email was not verified",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    const email = uniqueEmail("squatter", testInfo);
    await register(page, {
      firstName: "Sam",
      lastName: "Squatter",
      email,
      password: strongPassword,
    });
    await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
    await page.goto("/login");
    await signInWithGoogle(page, email);
    await expect(page.getByRole("alert")).toHaveText("Google Sign-In failed. Please try again.");
    await page.goto("/profile");
    await expect(page).toHaveURL(atLogin);
  },
);

test(
  "a Google identity whose provider has not verified the address cannot sign in",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    await page.goto("/login");
    await signInWithGoogle(page, uniqueEmail("unverified", testInfo));
    await expect(page.getByRole("alert")).toHaveText("Please verify your email before logging in.");
  },
);

test("adding a password from a session over ten minutes old asks for Google again, comes back, and mails the owner", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("katherine.johnson", testInfo);
  await page.goto("/login?redirectTo=/sculc-2024");
  await signInWithGoogle(page, email);
  await expect(page).toHaveURL(/\/complete-profile\?/);

  // The session was signed in eleven minutes ago (as if the page had been left open).
  const signedInAt = new Date(Date.now() - 11 * 60_000);
  await withProjectDatabase(testInfo, async (handle) => {
    const user = await handle.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    await handle.db
      .updateTable("session")
      .set({ createdAt: handle.dialect === "postgres" ? signedInAt : signedInAt.toISOString() })
      .where("userId", "=", user.id)
      .execute();
  });
  await page.reload();
  await expect(page.getByRole("alert")).toContainText(
    "adding a password needs a recent sign-in. Please sign in with Google again",
  );
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The provider remembers its own session: straight back to the form, now with a fresh sign-in.
  await page.getByRole("button", { name: "Sign in with Google again" }).click();
  await expect(page).toHaveURL(/\/complete-profile\?/);
  await page.getByLabel("Password", { exact: true }).fill(strongPassword);
  await page.getByLabel("Confirm password").fill(strongPassword);
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(at("/sculc-2024"));
  const mail = await waitForMail(email, { subject: "A password was added to your account" });
  expect(mail.text).toContain("reset the password now");
});
