import { expect, type Page, test } from "@playwright/test";
import { openMenuIfCollapsed } from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { disclosureToggle, expectExpanded, mainNav } from "./support/disclosures";

const conferenceLinks = [
  { name: "SCULC 2025", href: "/sculc-2025" },
  { name: "SCULC 2024", href: "/sculc-2024" },
  { name: "SCULC 2023", href: "/sculc-2023" },
  { name: "SCULC 2022", href: "/sculc-2022" },
];

function sculcToggle(page: Page) {
  return disclosureToggle(mainNav(page), "SCULC");
}

function menuToggle(page: Page) {
  return disclosureToggle(mainNav(page), "Menu");
}

async function expectDropdownClosed(page: Page) {
  await expectExpanded(sculcToggle(page), false);
  for (const link of conferenceLinks) {
    await expect(mainNav(page).getByRole("link", { name: link.name })).toBeHidden();
  }
}

async function expectDropdownOpen(page: Page) {
  await expectExpanded(sculcToggle(page), true);
  for (const link of conferenceLinks) {
    const locator = mainNav(page).getByRole("link", { name: link.name });
    await expect(locator).toBeVisible();
    await expect(locator).toHaveAttribute("href", link.href);
  }
}

test.describe("desktop navigation", () => {
  test.skip(({ isMobile }) => isMobile, "desktop layout only");

  test("shows every item in one row, with the logo linking home", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    await expect(menuToggle(page)).toBeHidden();
    for (const name of ["Home", "NACLO", "Our Board", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "NACLO" })).toHaveAttribute("href", "/naclo");
    await expect(nav.getByRole("link", { name: "Our Board" })).toHaveAttribute("href", "/board");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Undergraduate Linguistics Society" }),
    ).toHaveAttribute("href", "/");
  });

  test("opens and closes the SCULC dropdown with the mouse, Escape and a click outside", async ({
    page,
  }) => {
    await page.goto("/");
    const toggle = sculcToggle(page);
    await expectDropdownClosed(page);

    await toggle.click();
    await expectDropdownOpen(page);
    await toggle.click();
    await expectDropdownClosed(page);

    await toggle.click();
    await expectDropdownOpen(page);
    await page.keyboard.press("Escape");
    await expectDropdownClosed(page);
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expectDropdownOpen(page);
    await page.getByRole("heading", { level: 1 }).click();
    await expectDropdownClosed(page);
  });

  test("goes where a dropdown link points and closes the menu", async ({ page }) => {
    await page.goto("/");
    await sculcToggle(page).click();
    await mainNav(page).getByRole("link", { name: "SCULC 2024" }).click();
    await expect(page).toHaveURL(/\/sculc-2024$/);
    await expectDropdownClosed(page);
  });

  test("works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const toggle = sculcToggle(page);

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("banner").getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await expectDropdownOpen(page);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "SCULC 2025" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "SCULC 2024" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(nav.getByRole("link", { name: "SCULC 2022" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "SCULC 2025" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expectDropdownClosed(page);
    await expect(toggle).toBeFocused();

    // Space toggles too; ArrowDown opens and moves into the list.
    await page.keyboard.press("Space");
    await expectDropdownOpen(page);
    await page.keyboard.press("Space");
    await expectDropdownClosed(page);
    await page.keyboard.press("ArrowDown");
    await expect(nav.getByRole("link", { name: "SCULC 2025" })).toBeFocused();

    // Tabbing past the last link leaves the menu, which closes behind the visitor.
    for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "NACLO" })).toBeFocused();
    await expectDropdownClosed(page);

    await page.keyboard.press("Shift+Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sculc-2025$/);
  });

  test("skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });
});

test.describe("mobile navigation", () => {
  test.skip(({ isMobile }) => !isMobile, "375 px layout only");

  test("hides the links behind a Menu button that opens and closes by touch", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const menu = menuToggle(page);
    await expect(menu).toBeVisible();
    await expectExpanded(menu, false);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();

    await menu.tap();
    await expectExpanded(menu, true);
    for (const name of ["Home", "NACLO", "Our Board", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectDropdownClosed(page);
    await sculcToggle(page).tap();
    await expectDropdownOpen(page);
    await sculcToggle(page).tap();
    await expectDropdownClosed(page);

    await menu.tap();
    await expectExpanded(menu, false);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();
  });

  test("closes on Escape, returning focus to the Menu button, and on a tap outside", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const menu = menuToggle(page);

    await menu.tap();
    await nav.getByRole("link", { name: "NACLO" }).focus();
    await page.keyboard.press("Escape");
    await expectExpanded(menu, false);
    await expect(menu).toBeFocused();

    await menu.tap();
    await expectExpanded(menu, true);
    await page.getByRole("heading", { name: "What is linguistics?" }).tap();
    await expectExpanded(menu, false);
  });

  test("works with the keyboard alone and closes after following a link", async ({ page }) => {
    await page.goto("/home");
    const nav = mainNav(page);
    const menu = menuToggle(page);
    await menu.focus();
    await page.keyboard.press("Enter");
    await expectExpanded(menu, true);
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectDropdownOpen(page);
    await page.keyboard.press("Escape");
    await expectDropdownClosed(page);
    await expectExpanded(menu, true);

    await nav.getByRole("link", { name: "Home", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expectExpanded(menu, false);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menus open and close, and every link is reachable", async ({ page, isMobile }) => {
    await page.goto("/");
    const nav = mainNav(page);
    if (isMobile) {
      await expect(nav.getByRole("link", { name: "NACLO" })).toBeHidden();
      await menuToggle(page).click();
      await expectExpanded(menuToggle(page), true);
    } else {
      await expect(menuToggle(page)).toBeHidden();
    }
    for (const name of ["Home", "NACLO", "Our Board", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectDropdownClosed(page);
    await sculcToggle(page).click();
    await expectDropdownOpen(page);
    await nav.getByRole("link", { name: "SCULC 2023" }).click();
    await expect(page).toHaveURL(/\/sculc-2023$/);
    await expect(page.getByRole("heading", { level: 1, name: "SCULC 2023" })).toBeVisible();
  });
});

test.describe("public pages, account forms and 404 pages are documents", () => {
  test("ship no framework code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const pageScriptOnly = [expect.stringMatching(/^\/assets\/page-enhancements-[\w-]+\.js$/)];
    await page.goto("/board");
    await expect(page.getByRole("heading", { level: 1, name: "Our Board" })).toBeVisible();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(scripts).toEqual(pageScriptOnly);

    for (const [path, heading] of [
      ["/login", "Log In"],
      ["/register", "Create an Account"],
      ["/forgot-password", "Reset Your Password"],
    ] as const) {
      scripts.length = 0;
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(scripts).toEqual(pageScriptOnly);
    }

    // A stale link to a deeper address: its 404 page is a document too, with the same links.
    for (const path of ["/no/such-page", "/sculc-2025/no/such-page"]) {
      scripts.length = 0;
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "We couldn’t find that page" }),
      ).toBeVisible();
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(scripts).toEqual(pageScriptOnly);
    }
    await page.getByRole("main").getByRole("link", { name: "Our Board" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Board" })).toBeVisible();
  });

  test("the admin area's editors are documents too, and their menus load documents", async ({
    page,
  }, testInfo) => {
    // Every page is a document: the editors' browser-side work (uploads with progress, the mail
    // template's live preview, the program's print button) is done by scripts of their own.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await signedInAdmin(page, testInfo, "/user-data/submissions");
    const adminMenu = page.getByRole("navigation", { name: "Admin" });
    for (const [name, path, heading] of [
      ["Program", /\/user-data\/program$/, /^Program for/],
      ["Presenters", /\/user-data\/presenters$/, /^Presenters/],
      ["Site content", /\/user-data\/content$/, "Site content"],
      ["Mail", /\/user-data\/mail$/, "Mail"],
      ["Submissions", /\/user-data\/submissions$/, /^Submissions for/],
    ] as const) {
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      scripts.length = 0;
      await adminMenu.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // A new document: the old window's state is gone, and no router runs.
      expect(await page.evaluate(() => "marker" in window)).toBe(false);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(
        scripts.some((script) => /entry\.client|\/chunk-|react/.test(script)),
        name,
      ).toBe(false);
      expect(scripts[0]).toMatch(/^\/assets\/page-enhancements-[\w-]+\.js$/);
    }
    // The editors reached through the site content and mail pages.
    for (const path of [
      "/user-data/content/home",
      "/user-data/content/board/new",
      "/user-data/content/editions/new",
      "/user-data/mail/templates",
      "/user-data/mail/write",
    ]) {
      scripts.length = 0;
      expect((await page.goto(path))?.status(), path).toBe(200);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
      expect(scripts[0], path).toMatch(/^\/assets\/page-enhancements-[\w-]+\.js$/);
      expect(scripts.length, path).toBeLessThanOrEqual(2);
    }
    // The header's links load documents from there too.
    await openMenuIfCollapsed(page);
    await mainNav(page).getByRole("link", { name: "Our Board" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Board" })).toBeVisible();
    const toggle = disclosureToggle(page.getByRole("main"), "2022–2023 Board");
    await toggle.click();
    await expectExpanded(toggle, true);
  });
});
