import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { disclosureToggle, mainNav } from "./support/disclosures";
import { contentPagePaths } from "./support/pages";

test.describe("accessibility (axe)", () => {
  test("home page", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
  });

  test("home page with its menus open", async ({ page, isMobile }) => {
    await page.goto("/");
    const nav = mainNav(page);
    if (isMobile) await disclosureToggle(nav, "Menu").click();
    await disclosureToggle(nav, "SCULC").click();
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
    for (const toggle of await disclosureToggle(page.getByRole("main"), / Board$/).all())
      await toggle.click();
    await expectNoAxeViolations(page);
  });

  test("an edition page with its presentations, slides and carousel in use", async ({ page }) => {
    await page.route("https://docs.google.com/**", (route) => route.abort());
    await page.goto("/sculc-2025");
    const presentations = page.getByRole("region", { name: "Presentations" });
    await presentations.locator("summary").first().click();
    await presentations
      .getByRole("button", { name: /Show the (slides|poster) here/ })
      .first()
      .click();
    await expect(presentations.locator("iframe")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  // axe itself runs as a script, so the state without JavaScript is had by refusing the page script.
  test("the home page and the board without their page script", async ({ page }) => {
    await page.route("**/assets/page-enhancements-*.js", (route) => route.abort());
    for (const path of ["/", "/board"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test("404 page", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
