import { expect, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";

// The admins' status page (/user-data/status). The servers run with the default schedule, so the
// supervisor's first backup is made about a minute after they start; the page must show it.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("an admin reads the site's status: the scheduled backup, the database, mail and disk, on any screen", async ({
  page,
}, testInfo) => {
  await signedInAdmin(page, testInfo, "/user-data/status");
  await expect(page.getByRole("heading", { level: 1, name: "Site status" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Status" }),
  ).toHaveAttribute("aria-current", "page");

  const backups = page.getByRole("region", { name: "Backups" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return backups.textContent();
      },
      { timeout: 100_000, intervals: [3_000] },
    )
    .toMatch(/Succeeded/);
  await expect(backups).toContainText("Every 24 hours, keeping the newest 7");
  await expect(backups).not.toContainText("None yet");
  await expect(backups.getByRole("listitem").first()).toContainText(/site-backup-.*\.tar\.gz/);

  const site = page.getByRole("region", { name: "The site" });
  await expect(site).toContainText(testInfo.project.name === "postgres" ? "PostgreSQL" : "SQLite");
  await expect(site).toContainText(/free of/);
  await expect(site).toContainText(/Version\s*1\.0\.0/);
  await expect(page.getByRole("region", { name: "Mail" })).toContainText("Failed");
  await expect(page.getByRole("region", { name: "PDF checks" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The site needs attention" })).toHaveCount(0);

  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("status.png"), fullPage: true });
});

test("signed out, the status page sends you to log in", async ({ page }) => {
  const response = await page.goto("/user-data/status");
  // Signed out: sent to log in, and back here after.
  await expect(page).toHaveURL(/\/login\?/);
  expect(response?.status()).toBe(200);
});
