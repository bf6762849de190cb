import { expect, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import { apiAccount, randomToken, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { grantReviewer, newAdmin, person } from "./support/review-admin";
import { withServerLock } from "./support/server-lock";

// The review admin page (/user-data/review) itself: the review settings, who is refused it, and axe.
// The helpers are in support/review-admin.ts.

test.beforeEach(async ({ context }, testInfo) => {
  // Desktop and mobile share one server; the admin pages are checked at 375 px by the axe test below.
  test.skip(testInfo.project.name === "mobile", "runs on the desktop and postgres projects");
  await useOwnClientAddress(context);
});

test(
  "review settings: saved in Pacific time, a bad scale refused with its message and nothing changed",
  { tag: "@global-state" },
  async ({ browser }, testInfo) => {
    // axe over two long admin pages at two widths.
    test.slow();
    const admin = await newAdmin(browser, testInfo, "/user-data/review");
    const page = admin.page;
    // Settings are the edition's, shared by every test on this server: this test runs alone, after the
    // others (tagged @global-state; see playwright.config.ts), and puts back what it found.
    await withServerLock(testInfo, "review-assignment", async () => {
      await page.goto("/user-data/review");
      const merit = page.getByLabel("Overall merit scale");
      const before = await merit.inputValue();
      await merit.fill("Reject\nAccept");
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(page.getByRole("alert")).toHaveText(/Write the merit scale one point a line/);
      await expect(merit).toHaveAttribute("aria-invalid", "true");
      // The page is a document: the refused form comes back as it was sent, nothing saved.
      await expect(merit).toHaveValue("Reject\nAccept");
      await page.goto("/user-data/review");
      await expect(merit).toHaveValue(before);

      const closesAt = page.getByLabel("Closes at (Pacific Time, optional)");
      const closesBefore = await closesAt.inputValue();
      await closesAt.fill("2031-03-21T23:59");
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(
        successMessage(page, "The review settings were saved successfully."),
      ).toBeVisible();
      await expect(page.getByText("until Mar 21, 2031, 11:59 PM PDT")).toBeVisible();
      await expect(closesAt).toHaveValue("2031-03-21T23:59");
      await closesAt.fill(closesBefore);
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(
        successMessage(page, "The review settings were saved successfully."),
      ).toBeVisible();
    });
    await page.goto("/user-data/audit");
    await expect(page.getByRole("cell", { name: "Changed review settings" }).first()).toBeVisible();
    await admin.context.close();
  },
);

test("signed out, a member and a reviewer are all refused the review admin page, its data, actions and the reviews CSV", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  const forms: Record<string, string>[] = [
    { intent: "save-settings", period: "closed", othersVisibility: "never" },
    { intent: "auto-assign", perAbstract: "2" },
    { intent: "remind" },
    { intent: "assign", submissionId: "x", reviewerId: "y" },
    { intent: "unassign", assignmentId: "x" },
  ];
  // Signed out: sent to log in.
  expect((await page.request.get("/user-data/review", { maxRedirects: 0 })).status()).toBe(302);
  const csv = await page.request.get("/user-data/export/reviews.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect(csv.headers().location).toMatch(/^\/login\?/);
  for (const form of forms) {
    const response = await page.request.post("/user-data/review", { form, maxRedirects: 0 });
    expect(response.status(), form.intent).toBe(302);
  }

  const member = person("member", token, testInfo);
  const reviewer = person("judge", token, testInfo);
  const [memberApi, reviewerApi, admin] = await Promise.all([
    apiAccount(testInfo, member),
    apiAccount(testInfo, reviewer),
    newAdmin(browser, testInfo),
  ]);
  await grantReviewer(admin.page, reviewer.email);
  await admin.context.close();
  for (const api of [memberApi, reviewerApi]) {
    for (const url of [
      "/user-data/review",
      "/user-data/review.data",
      "/user-data/export/reviews.csv",
      "/user-data/submissions.data",
    ]) {
      const response = await api.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
      expect(await response.text()).not.toContain("@e2e.test");
    }
    for (const form of forms) {
      const response = await api.post("/user-data/review", { form, maxRedirects: 0 });
      expect(response.status(), form.intent).toBe(403);
    }
    // Nor can they make themselves reviewers (or others admins) through the user table.
    const grant = await api.post("/user-data?index", {
      form: { intent: "grant-reviewer", userId: "anyone" },
      maxRedirects: 0,
    });
    expect(grant.status()).toBe(403);
    await api.dispose();
  }
});

test("axe finds nothing on the review admin page and the decisions page with reviews, at desktop width and at 375 px", async ({
  browser,
}, testInfo) => {
  const admin = await newAdmin(browser, testInfo, "/user-data/review");
  const page = admin.page;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/user-data/review");
    await expect(page.getByRole("heading", { name: /^Peer review for/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`review-admin-${width}.png`),
      fullPage: false,
    });
    await page.goto("/user-data/submissions?sort=merit");
    await expect(page.getByRole("table", { name: /^Mean merit of the/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`decisions-${width}.png`), fullPage: false });
  }
  // Keyboard alone: the admin menu reaches the review page.
  await page.goto("/user-data");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Review" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(at("/user-data/review"));
  await admin.context.close();
});
