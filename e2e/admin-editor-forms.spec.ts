import { expect, type Page, test } from "@playwright/test";
import { signedInAdmin } from "./support/admin";

// The admin area's editors are documents (docs/decisions/0048): each button of a content form posts
// the whole form and the answer is a new page. The page script gives the editor back their place on
// the page when the answer is the form's own (the lock while a post is on its way is checked in
// admin-content-pages.spec.ts). Nothing here is saved: the forms are only redrawn.

const eventsForm = "/user-data/content/events";

function items(page: Page) {
  return page.locator(".page-form__items > li");
}

async function addEvents(page: Page, count: number) {
  for (let added = 0; added < count; added++) {
    const before = await items(page).count();
    await page.getByRole("button", { name: "Add an event" }).click();
    await expect(items(page)).toHaveCount(before + 1);
  }
}

test("a content form is a document that keeps the editor's place across Add, Move and Remove", async ({
  page,
}, testInfo) => {
  // Each press saves the events page's draft: one project per database, so no other test's press
  // makes this one's stale (the mobile project shares the desktop project's server).
  test.skip(testInfo.project.name === "mobile", "the events page's draft is the desktop run's");
  await signedInAdmin(page, testInfo, eventsForm);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await addEvents(page, 4);

  const moveDown = page.getByRole("button", { name: /^Move .*3 down$/ });
  await moveDown.scrollIntoViewIfNeeded();
  // Instant: the site scrolls smoothly, and on a slow machine a smooth scroll read at once is still
  // where it started (the press then kept the place it ended at, 40 px further).
  await page.evaluate(() => window.scrollBy({ top: 40, behavior: "instant" }));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  const marker = await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
    return true;
  });
  expect(marker).toBe(true);
  await moveDown.click();
  // A new page (the old window's state is gone), scrolled back to where the editor was.
  await expect.poll(() => page.evaluate(() => "marker" in window)).toBe(false);
  await expect(items(page)).toHaveCount(4);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);

  const remove = page.getByRole("button", { name: /^Remove .*4$/ });
  await remove.scrollIntoViewIfNeeded();
  const beforeRemove = await page.evaluate(() => window.scrollY);
  await remove.click();
  await expect(items(page)).toHaveCount(3);
  // The page is shorter by a row: as far down as it goes, if that is less than where it was.
  const bottom = await page.evaluate(
    () => document.documentElement.scrollHeight - window.innerHeight,
  );
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(Math.min(beforeRemove, bottom) - 5);

  // Reloading the answer (pulling down on a phone) opens the form afresh, without posting again: the
  // post would be refused as stale, since it saved the draft.
  const methods: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === eventsForm) methods.push(request.method());
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(methods).toEqual(["GET"]);
  await expect(page.getByText(/Someone else saved this page/)).toHaveCount(0);

  // Opened afresh, the form starts at its top: the place was kept for the answer only.
  await page.goto(eventsForm);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
