import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  logIn,
  register,
  signedInAccount,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
} from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { contentPagePaths } from "./support/pages";

/**
 * The site's Content-Security-Policy forbids eval; a library that probes for it (zod 4 did, with
 * `new Function("")`) makes the browser report a violation on every page that loads it. This visits
 * every public page and every account page, with client-side navigation running, and fails on any
 * `securitypolicyviolation` event or CSP console error.
 */
async function watchForCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|content-security-policy/i.test(message.text()))
      violations.push(`${page.url()}: console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** Loads a page and waits until its scripts have run (hydration), so a probe at start-up is caught. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

const publicPaths = ["/", "/home", ...contentPagePaths, "/sculc"];
const signedOutAccountPaths = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/verify-email?token=not-a-real-token",
  "/verify-email",
];
const signedInAccountPaths = ["/profile", "/edit-profile", "/complete-profile"];

test(
  "no public page and no account page reports a Content-Security-Policy violation",
  { tag: "@server-answers" },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await useOwnClientAddress(page.context());
    const violations = await watchForCspViolations(page);

    for (const path of [...publicPaths, ...signedOutAccountPaths]) await visit(page, path);

    // Forms exercised on the client too: a failed sign-in and a registration that the server refuses.
    await visit(page, "/login");
    await logIn(page, uniqueEmail("csp-nobody", testInfo), "wrong-password-123");
    await expect(page.getByRole("alert")).toBeVisible();
    await visit(page, "/register");
    await register(page, {
      firstName: "Csp",
      lastName: "Check",
      email: uniqueEmail("csp-register", testInfo),
      password: strongPassword,
      confirm: "does-not-match-1",
    });
    await expect(page.getByRole("alert").first()).toBeVisible();

    await signedInAccount(page, testInfo, "csp");
    for (const path of signedInAccountPaths) await visit(page, path);

    expect(violations).toEqual([]);
  },
);

test("public pages served from the cache keep the strict policy and run the page script", {
  tag: "@server-answers",
}, async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchForCspViolations(page);
  for (const path of ["/", "/board", "/naclo", "/events", "/sculc-2025", "/sculc-2023-photo"]) {
    // Served from the cache: rendered into it on a worker's first visit ("miss"), then a "hit".
    const response = await page.goto(path);
    expect(response?.headers()["server-timing"], path).toMatch(/page-cache;desc="(hit|miss)"/);
    const policy = response?.headers()["content-security-policy"] ?? "";
    // No inline script on a public page, so nothing but the site's own files may run.
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    expect(new Set(scriptSources), path).toEqual(new Set(["'self'"]));
    expect(await page.locator("script:not([src])").count(), path).toBe(0);
    // The page script ran, and no framework did.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType("resource")
        .some((entry) => /\/assets\/page-enhancements-[\w-]+\.js$/.test(entry.name)),
    );
    expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
  }
  await page.goto("/");
  await expect(page.locator('[data-carousel][data-enhanced="true"]')).toHaveCount(1);
  await page.goto("/naclo");
  await expect(page.getByRole("button", { name: "Show the form here" })).toBeVisible();
  expect(violations).toEqual([]);
});

test(
  "the admin area's editors report no Content-Security-Policy violation, with scripts of their own",
  {
    tag: "@server-answers",
  },
  async ({ page }, testInfo) => {
    const violations = await watchForCspViolations(page);
    await signedInAdmin(page, testInfo, "/user-data/submissions");
    for (const path of [
      "/user-data/submissions",
      "/user-data/presenters",
      "/user-data/program",
      "/user-data/mail/templates",
      "/user-data/mail/write",
      "/user-data/content/home",
      "/user-data/content/board/new",
      "/user-data/content/editions/new",
    ]) {
      await visit(page, path);
      // A document: the page script runs (its collapsible menus), no router does.
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      expect(await page.locator("script[src*='/assets/page-enhancements-']").count(), path).toBe(1);
      expect(
        await page.locator("script:not([src]):not([type='application/json'])").count(),
        path,
      ).toBe(0);
    }
    expect(violations).toEqual([]);
  },
);

test("the client bundle carries neither the password block list nor its checker", {
  tag: "@server-answers",
}, () => {
  // zxcvbn-ts and its ~49,000-word list are server-only (common-passwords.server.ts).
  const assets = path.resolve("build/client/assets");
  const scripts = fs.readdirSync(assets).filter((file) => file.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  const offenders = scripts.filter((file) => {
    const text = fs.readFileSync(path.join(assets, file), "utf8");
    return /zxcvbn|passwords-common|diceware/i.test(text);
  });
  expect(offenders).toEqual([]);
});
