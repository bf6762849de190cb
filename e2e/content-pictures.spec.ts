import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { makePhoto } from "../tests/support/image-fixtures";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { adminSession, randomToken, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { holdNextUpload } from "./support/held-uploads";
import { elementsWiderThanViewport } from "./support/layout";

// Pictures editors upload, on the home page's carousel: many files at once with a progress bar each,
// a refused file said in place, alt texts required, and the published carousel drawn from /media/.
// The test that publishes changes what every visitor sees, so it is @global-state (it runs alone,
// after the other projects); the others upload without saving, which changes nothing anyone sees.

const form = "/user-data/content/home";

/** Small real photos, each different (the same bytes twice would be the same media). */
async function photos(token: string) {
  const seed = Number.parseInt(token.slice(0, 2), 16);
  return {
    gps: {
      name: `society-fair-${token}.jpg`,
      mimeType: "image/jpeg",
      // As a phone writes it: GPS coordinates, camera and author in its EXIF.
      buffer: await makePhoto({ width: 900 + seed, height: 600, withGps: true }),
    },
    png: {
      name: `ipa-cards-${token}.png`,
      mimeType: "image/png",
      buffer: await makePhoto({ width: 700 + seed, height: 700, format: "png" }),
    },
    talk: {
      name: `guest-talk-${token}.jpg`,
      mimeType: "image/jpeg",
      buffer: await makePhoto({ width: 1000 + seed, height: 700 }),
    },
  };
}

async function pdfNamedAsPhoto(token: string) {
  return { name: `scan-${token}.jpg`, mimeType: "image/jpeg", buffer: await makeAbstractPdf() };
}

function rows(page: Page) {
  return page.locator(".picture-list__item");
}

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe("carousel pictures", () => {
  test("several pictures are added at once with progress; the list fits, passes axe and is reached by keyboard", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const { page, context } = await adminSession(browser, testInfo, form);
    await expect(page.getByRole("group", { name: "Carousel pictures" })).toBeVisible();
    // A document: its own small script does this, without the framework's.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // Reached by Tab from the field before it.
    await page.getByLabel("About us").focus();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Add pictures")).toBeFocused();

    const { gps, png } = await photos(token);
    const release = await holdNextUpload(page, "carousel");
    // The refused file sits between two photos: the one after it is still uploaded.
    await page.getByLabel("Add pictures").setInputFiles([gps, await pdfNamedAsPhoto(token), png]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await expect(uploads.locator("progress")).toHaveCount(3);
    await expect(uploads.getByText(gps.name)).toBeVisible();
    release();
    await expect(rows(page)).toHaveCount(2);
    await expect(uploads.getByRole("alert")).toHaveText(
      "This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
    );
    // The newest row's alt text waits for the editor.
    await expect(rows(page).last().getByLabel("Alt text (required)")).toBeFocused();
    await expect(rows(page).first().locator("img")).toHaveAttribute(
      "src",
      /^\/media\/[0-9a-f]{64}\.webp$/,
    );

    // One more while the editor types in another field: the new row does not take the cursor, and
    // the row that was last can now move down.
    const releaseTalk = await holdNextUpload(page, "carousel");
    await page.getByLabel("Add pictures").setInputFiles([(await photos(token)).talk]);
    await expect(uploads.locator("progress")).toHaveCount(1);
    // A new batch clears the refusals of the last one.
    await expect(uploads.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Tagline").fill(`Typing ${token}`);
    releaseTalk();
    await expect(rows(page)).toHaveCount(3);
    await expect(uploads).toHaveCount(0);
    await expect(page.getByLabel("Tagline")).toBeFocused();
    // Each row is named for its place, as the server draws it.
    const buttons = ["Move picture 1 down", "Move picture 2 up", "Move picture 2 down"];
    for (const name of [...buttons, "Move picture 3 up", "Remove picture 3"]) {
      await expect(page.getByRole("button", { name, exact: true })).toHaveCount(1);
    }
    await expect(page.getByRole("button", { name: "Move picture 1 up" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Move picture 3 down" })).toHaveCount(0);
    await expect(rows(page).nth(2).locator("input[type=hidden]")).toHaveAttribute(
      "name",
      "carousel.2.media",
    );
    await expect(page.getByRole("button", { name: "Move picture 2 down" })).toHaveAttribute(
      "value",
      "down:carousel.1",
    );
    await expect(rows(page).nth(2)).toContainText("Picture 3");
    await expect(rows(page).nth(2).getByLabel("Caption (optional)")).toHaveAttribute(
      "name",
      "carousel.2.caption",
    );

    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test("a save pressed while a picture goes up waits for it, and stays when the picture is refused", async ({
    browser,
  }, testInfo) => {
    const { page, context } = await adminSession(browser, testInfo, form);
    const before = await rows(page).count();
    const release = await holdNextUpload(page, "carousel");
    await page.getByLabel("Add pictures").setInputFiles([await pdfNamedAsPhoto(randomToken())]);
    await expect(page.getByRole("list", { name: "Uploads" }).locator("progress")).toHaveCount(1);
    await page.getByRole("button", { name: "Save draft", exact: true }).click();
    const held = page.getByText("Saving as soon as the files have finished uploading");
    await expect(held).toHaveAttribute("role", "status");
    release();
    // The file was refused: the page stays, says why beside the file, and saving is the editor's call.
    await expect(page.getByRole("list", { name: "Uploads" }).getByRole("alert")).toHaveText(
      "This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
    );
    const notSaved = page.getByText(/^Not saved yet: a file was not added/);
    await expect(notSaved).toBeVisible();
    await expect(held).toHaveCount(0);
    await expect(rows(page)).toHaveCount(before);
    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await context.close();
  });

  test("without JavaScript, a picture is uploaded by its own form and comes back as a new row", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const session = await adminSession(browser, testInfo, form);
    const state = await session.context.storageState();
    await session.context.close();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const page = await context.newPage();
    await page.goto(form);
    await expect(page.getByText(/Save your changes first/)).toBeVisible();
    await page.getByLabel("Add a picture").setInputFiles([(await photos(token)).talk]);
    await page.getByRole("button", { name: "Upload the picture" }).click();
    await expect(successMessage(page, /The picture was uploaded and added/)).toBeVisible();
    const row = rows(page).last();
    await expect(row.getByLabel("Alt text (required)")).toHaveValue("");
    await expect(row.locator("img")).toHaveAttribute("src", /^\/media\//);

    await page.getByLabel("Add a picture").setInputFiles([await pdfNamedAsPhoto(token)]);
    await page.getByRole("button", { name: "Upload the picture" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The picture was not added. This file is a PDF, not a photo. Upload a JPEG, PNG or WebP picture.",
    );
    // (axe needs the page's JavaScript: it checks this markup in the test above.)
    expect(await elementsWiderThanViewport(page)).toEqual([]);
    await context.close();
  });
});

test.describe("publishing carousel pictures", () => {
  test("three photos are described and published; the carousel shows them from /media/ without GPS @global-state", async ({
    browser,
  }, testInfo) => {
    const token = randomToken();
    const { page, context } = await adminSession(browser, testInfo, form);
    const { gps, png, talk } = await photos(token);
    const files = [gps, png, talk];
    const alts = [
      `Students at the society's stall at the fair ${token}`,
      `IPA flashcards spread on a table ${token}`,
      `A guest speaker in front of a vowel chart ${token}`,
    ];
    const before = await rows(page).count();

    const release = await holdNextUpload(page, "carousel");
    await page.getByLabel("Add pictures").setInputFiles(files);
    await expect(page.getByRole("list", { name: "Uploads" }).locator("progress")).toHaveCount(3);
    release();
    await expect(rows(page)).toHaveCount(before + 3);

    // Saved without alt texts: refused beside each field, nothing stored, the rows kept.
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    const added = rows(page);
    await expect(added).toHaveCount(before + 3);
    await expect(page.locator(`#field-carousel-${before}-alt-error`)).toHaveText(
      /^Describe what the photo shows, for someone who cannot see it/,
    );
    await expect(added.nth(before).getByLabel("Alt text (required)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    for (const [index, alt] of alts.entries()) {
      await added
        .nth(before + index)
        .getByLabel("Alt text (required)")
        .fill(alt);
    }
    await added.nth(before).getByLabel("Caption (optional)").fill(`Fall fair ${token}`);
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      successMessage(page, "Published successfully: visitors see this version now."),
    ).toBeVisible();

    const public_ = await visitor(browser);
    await public_.page.goto("/");
    const images = public_.page
      .getByRole("region", { name: "Photos from society life" })
      .locator("img.image-carousel__image");
    await expect(images).toHaveCount(before + 3);
    for (const [index, alt] of alts.entries()) {
      const image = images.nth(before + index);
      await expect(image).toHaveAttribute("alt", alt);
      await expect(image).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
    }
    await expect(public_.page.getByText(`Fall fair ${token}`)).toBeAttached();

    // The stored file carries no EXIF: no GPS, no camera, no author.
    const src = (await images.nth(before).getAttribute("src")) ?? "";
    const response = await public_.page.request.get(src);
    expect(response.headers()["cache-control"]).toContain("immutable");
    const metadata = await sharp(await response.body()).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    await public_.context.close();

    // Back to the photos the site shipped with, for whatever runs next.
    for (let index = before + 2; index >= before; index--) {
      await page.getByRole("button", { name: `Remove picture ${index + 1}` }).click();
      await expect(rows(page)).toHaveCount(index);
    }
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(
      successMessage(page, "Published successfully: visitors see this version now."),
    ).toBeVisible();
    await context.close();
  });
});
