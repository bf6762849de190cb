import { expect, type Locator, type Page } from "@playwright/test";

// Menus and collapsibles are <details> elements: their toggle is the <summary>, which browsers expose as
// an expandable control (Chromium: a disclosure triangle with an expanded state) but Playwright's role
// queries do not list as a button. The state is the element's own `open`.

/** The main navigation landmark. */
export function mainNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" });
}

/** The toggle (summary) of the disclosure whose summary reads `name`, inside `scope`. */
export function disclosureToggle(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.locator("summary").filter({ hasText: name });
}

export async function expectExpanded(toggle: Locator, isExpanded: boolean): Promise<void> {
  const details = toggle.locator("xpath=..");
  if (isExpanded) await expect(details).toHaveAttribute("open", "");
  else await expect(details).not.toHaveAttribute("open");
}
