import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { contentPagePaths } from "./support/pages";

test.describe("accessibility (axe)", () => {
  test("home page", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });

  test("home page with its menus open", async ({ page, isMobile }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    if (isMobile) await nav.getByRole("button", { name: "Menu" }).click();
    await nav.getByRole("button", { name: "SCULC" }).click();
    await expect(nav.getByRole("link", { name: "SCULC 2025" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const path of contentPagePaths) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("board with every past season open", async ({ page }) => {
    await page.goto("/board");
    for (const toggle of await page.getByRole("button", { name: / Board$/ }).all())
      await toggle.click();
    await expectNoAxeViolations(page);
  });

  test("404 page", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
