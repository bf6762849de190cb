import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import {
  at,
  logIn,
  logOut,
  mainNav,
  openMenuIfCollapsed,
  signedInAccount,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkTo, waitForMail } from "./support/mailbox";

// Where signing in leads and who gets in: the return path, signed-in visitors to /login and /register,
// User Data for admins only (and the addresses in ADMIN_EMAILS), too many sign-in attempts, and forms
// posted from another site.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test(
  "the return path never leads to another site",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    const email = await signedInAccount(page, testInfo, "redirect");
    await logOut(page);
    for (const target of [
      "https://evil.example/phish",
      "//evil.example/phish",
      "/\\evil.example",
    ]) {
      await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
      await logIn(page, email, strongPassword);
      await expect(page).toHaveURL(at("/sculc-2025"));
      await page.goto("/profile");
      await logOut(page);
    }
  },
);

test("a signed-in visitor to /login or /register goes on to the return path", async ({
  page,
}, testInfo) => {
  await signedInAccount(page, testInfo, "onward");
  await page.goto("/login?redirectTo=/board");
  await expect(page).toHaveURL(at("/board"));
  await page.goto("/register");
  await expect(page).toHaveURL(at("/sculc-2025"));
});

test("User Data is for admins only: the link, and the page itself", async ({ page }, testInfo) => {
  await page.goto("/user-data");
  await expect(page).toHaveURL(
    /\/login\?message=Please\+log\+in\+to\+continue\.&redirectTo=%2Fuser-data$/,
  );

  const email = await signedInAccount(page, testInfo, "member");
  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "User Data" })).toHaveCount(0);
  const forbidden = await page.goto("/user-data");
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await expectNoAxeViolations(page);

  // `npm run admin -- grant` against the server's own database (the SQLite project's data folder).
  test.skip(testInfo.project.name === "postgres", "the command line is exercised on SQLite");
  const output = execFileSync("npx", ["tsx", "scripts/admin.ts", "grant", email], {
    env: { ...process.env, DATA_DIR: ".e2e-data/sqlite", LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  expect(output).toContain(`${email} is now an admin.`);
  await page.goto("/");
  await openMenuIfCollapsed(page);
  await mainNav(page).getByRole("link", { name: "User Data" }).click();
  await expect(page.getByRole("heading", { name: "User Data" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an address in ADMIN_EMAILS becomes an admin once its owner sets the password through the mailed link", async ({
  page,
}, testInfo) => {
  // Registering the address with a password of one's own grants nothing: anyone could have done it.
  const email = await signedInAccount(page, testInfo, "chair", {
    email: `chair-${testInfo.project.name}@e2e.test`,
    landing: "/",
  });
  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "User Data" })).toHaveCount(0);
  await page.goto("/profile");
  await logOut(page);

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  const mail = await waitForMail(email, { subject: "Reset your password" });
  await page.goto(linkTo(mail, "/reset-password"));
  const ownersPassword = "the-chairs-own-passphrase-9";
  await page.getByLabel("New password").fill(ownersPassword);
  await page.getByLabel("Confirm password").fill(ownersPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Your password was changed successfully.")).toBeVisible();

  await page.goto("/login?redirectTo=/");
  await logIn(page, email, ownersPassword);
  await expect(page).toHaveURL(at("/"));
  await openMenuIfCollapsed(page);
  await expect(mainNav(page).getByRole("link", { name: "User Data" })).toBeVisible();
});

test(
  "too many sign-in attempts are refused with a clear message",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    const email = uniqueEmail("guess", testInfo);
    const address = await useOwnClientAddress(page.context());
    const origin = new URL(testInfo.project.use.baseURL ?? "").origin;
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await page.request.post("/login", {
        form: { intent: "password", email, password: `guess-number-${attempt}` },
        headers: { Origin: origin, "X-Forwarded-For": address },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(401);
    }
    await page.goto("/login");
    await logIn(page, email, "guess-number-11");
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    await expectNoAxeViolations(page);
  },
);

test(
  "a form posted from another site is refused",
  { tag: "@server-answers" },
  async ({ request }, testInfo) => {
    const response = await request.post("/login", {
      form: { intent: "password", email: uniqueEmail("csrf", testInfo), password: strongPassword },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  },
);
