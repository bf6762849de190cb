import { expect, type Page, test } from "@playwright/test";

const conferenceLinks = [
  { name: "SCULC 2025", href: "/sculc-2025" },
  { name: "SCULC 2024", href: "/sculc-2024" },
  { name: "SCULC 2023", href: "/sculc-2023" },
  { name: "SCULC 2022", href: "/sculc-2022" },
];

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

async function expectDropdownClosed(page: Page) {
  const toggle = mainNav(page).getByRole("button", { name: "SCULC" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  for (const link of conferenceLinks) {
    await expect(mainNav(page).getByRole("link", { name: link.name })).toBeHidden();
  }
}

async function expectDropdownOpen(page: Page) {
  const toggle = mainNav(page).getByRole("button", { name: "SCULC" });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
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
    await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
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
    const toggle = mainNav(page).getByRole("button", { name: "SCULC" });
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
    await mainNav(page).getByRole("button", { name: "SCULC" }).click();
    await mainNav(page).getByRole("link", { name: "SCULC 2024" }).click();
    await expect(page).toHaveURL(/\/sculc-2024$/);
    await expectDropdownClosed(page);
  });

  test("works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "SCULC" });

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
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();

    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Home", "NACLO", "Our Board", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expectDropdownClosed(page);
    await nav.getByRole("button", { name: "SCULC" }).tap();
    await expectDropdownOpen(page);
    await nav.getByRole("button", { name: "SCULC" }).tap();
    await expectDropdownClosed(page);

    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeHidden();
  });

  test("closes on Escape, returning focus to the Menu button, and on a tap outside", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const menu = nav.getByRole("button", { name: "Menu" });

    await menu.tap();
    await nav.getByRole("link", { name: "NACLO" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { name: "What is linguistics?" }).tap();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("works with the keyboard alone and closes after following a link", async ({ page }) => {
    await page.goto("/home");
    const nav = mainNav(page);
    const menu = nav.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expectDropdownOpen(page);
    await page.keyboard.press("Escape");
    await expectDropdownClosed(page);
    await expect(menu).toHaveAttribute("aria-expanded", "true");

    await nav.getByRole("link", { name: "Home", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every menu entry is a plain, visible link", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    await expect(nav.getByRole("button", { name: "Menu" })).toBeHidden();
    for (const name of ["Home", "NACLO", "Our Board", "Login"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const link of conferenceLinks) {
      await expect(nav.getByRole("link", { name: link.name })).toBeVisible();
    }
  });
});
