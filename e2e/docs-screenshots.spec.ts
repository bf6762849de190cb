import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { makePhoto } from "../tests/support/image-fixtures";
import { adminSession } from "./support/admin";

// Not a test: `npm run docs:screenshots` draws the editors' guide's pictures (docs/images/) from the
// real screens, at a phone's width and a desktop's, so the guide shows what an editor will see. It
// runs on the test servers' own data and publishes nothing; the suite skips it.

const shots = path.resolve("docs", "images");
test.skip(!process.env.DOCS_SCREENSHOTS, "draws the guide's pictures only when asked");

async function shoot(page: Page, name: string, target = page.locator("main")) {
  await target.screenshot({ path: path.join(shots, `${name}.png`), animations: "disabled" });
}

test("the editors' guide's screens", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const { page, context } = await adminSession(browser, testInfo, "/user-data/content");
  await page.setViewportSize({ width: 1024, height: 900 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shoot(page, "content-index");

  // A season on a phone: the first thing a new board does.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/user-data/content/board/new");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Its top: the season and the first members (the whole form is as long as the board).
  const box = await page.locator("form.season-form").boundingBox();
  if (box) {
    await page.screenshot({
      path: path.join(shots, "season-form-phone.png"),
      fullPage: true,
      clip: { x: 0, y: box.y, width: 375, height: 1300 },
      animations: "disabled",
    });
  }

  // A conference page with a gallery being filled in.
  await page.setViewportSize({ width: 1024, height: 900 });
  await page.goto("/user-data/content/editions/2025/pages/0");
  await page.getByLabel("Kind of section").selectOption({ label: "Photo gallery" });
  await page.getByRole("button", { name: "Add the section" }).click();
  const gallery = page.getByRole("group", { name: /^Section \d+: Photo gallery$/ }).last();
  await gallery.getByLabel("Title of gallery 1").fill("Poster session");
  await gallery.getByLabel("Add pictures").setInputFiles([
    {
      name: "posters.jpg",
      mimeType: "image/jpeg",
      buffer: await makePhoto({ width: 1200, height: 800 }),
    },
    {
      name: "crowd.jpg",
      mimeType: "image/jpeg",
      buffer: await makePhoto({ width: 1201, height: 800 }),
    },
  ]);
  await expect(gallery.locator(".picture-list__item")).toHaveCount(2);
  await gallery
    .locator(".picture-list__item")
    .first()
    .getByLabel("Alt text (required)")
    .fill("Two presenters beside their poster on vowel shifts");
  await shoot(page, "edition-gallery", gallery);
  await context.close();
});
