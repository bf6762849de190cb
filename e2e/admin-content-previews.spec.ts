import { expect, type Page, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import { signedInAdmin } from "./support/admin";

// The editors' previews of unpublished content are documents: the public pages' own components drawn
// from the drafts, without framework JavaScript, whose carousels, embeds and menus work through the
// page script as on the public pages. They stay private (never cached, never indexed). The drafts here
// are the shipped content: nothing is saved.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

async function expectPrivateDocument(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  // The route's own header is read by the server, never sent.
  expect(response?.headers()["x-preview-frame-origins"]).toBeUndefined();
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
}

test("the previews are private documents whose carousel, embed and menus work through the page script", async ({
  page,
}, testInfo) => {
  await signedInAdmin(page, testInfo, "/user-data/content");

  // The home page's carousel: its buttons, shown and run by the page script.
  await expectPrivateDocument(page, "/user-data/content/preview/home");
  await expect(page.getByText("Preview — not published")).toBeVisible();
  const carousel = page.getByRole("region", { name: "Photos from society life" });
  const current = carousel.locator('[data-carousel-bullet][aria-current="true"]');
  await expect(current).toHaveText("Slide 1");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(current).toHaveText("Slide 2");

  // NACLO's attendance form waits for a press, then frames the draft's address, which the policy allows.
  await expectPrivateDocument(page, "/user-data/content/preview/naclo");
  const load = page.getByRole("button", { name: "Show the form here" });
  await load.click();
  const frame = page.locator("iframe.external-embed__frame");
  await expect(frame).toHaveAttribute("src", /^https:\/\//);
  const policy =
    (await page.request.get("/user-data/content/preview/naclo")).headers()[
      "content-security-policy"
    ] ?? "";
  const framed = new URL((await frame.getAttribute("src")) ?? "").origin;
  expect(policy).toMatch(/frame-src [^;]*/);
  expect(policy.match(/frame-src [^;]*/)?.[0]).toContain(framed);

  // The board's preview: the header's menus close with Escape, by the page script.
  await expectPrivateDocument(page, "/user-data/content/preview/board");
  await expect(page.getByText("Preview — not published.")).toBeVisible();
  // The phone's menu, or the SCULC dropdown beside the desktop's links: whichever is shown.
  const toggle = page.locator("details[data-menu] > summary").locator("visible=true").first();
  const menu = toggle.locator("..");
  await toggle.click();
  await expect(menu).toHaveAttribute("open", "");
  await page.keyboard.press("Escape");
  await expect(menu).not.toHaveAttribute("open", "");
  await page.getByRole("link", { name: "Back to editing" }).click();
  await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible();

  // An edition's preview (its other pages' previews are in content-editions.spec.ts).
  await expectPrivateDocument(page, "/user-data/content/editions/2025/preview");
  await expect(page.getByText("Preview — not published")).toBeVisible();
  await expect(page.getByRole("heading", { name: "SCULC 2025", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to editing SCULC 2025" })).toHaveAttribute(
    "href",
    "/user-data/content/editions/2025",
  );
});
