import { expect, type Page, test } from "@playwright/test";
import { makePhoto } from "../tests/support/image-fixtures";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { adminSession, randomClientAddress, randomToken, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";

// An edition's photos, schedule and program are uploaded in the browser: a gallery takes several
// photos at once with a progress bar each, the schedule one picture, the program a PDF; without
// JavaScript each goes through its own upload form. Publishing changes the 2024 archive every visitor
// sees, so this spec runs with the editions' (its own project, after every other).

const year = 2024;
const pageForm = `/user-data/content/editions/${year}/pages/0`;

async function photo(name: string, width: number) {
  return { name, mimeType: "image/jpeg", buffer: await makePhoto({ width, height: 640 }) };
}

function section(page: Page, kind: string) {
  const escaped = kind.replace(/[()]/g, "\\$&");
  return page.getByRole("group", { name: new RegExp(`^Section \\d+: ${escaped}$`) });
}

async function addSection(page: Page, kind: string) {
  await page.getByLabel("Kind of section").selectOption({ label: kind });
  await page.getByRole("button", { name: "Add the section" }).click();
  await expect(section(page, kind).last()).toBeVisible();
}

test("an editor uploads a gallery of three photos, the schedule and the program, and publishes them", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const token = randomToken();
  const seed = Number.parseInt(token.slice(0, 2), 16);
  const { page, context } = await adminSession(browser, testInfo, pageForm);
  await expect(page.getByRole("heading", { name: `SCULC ${year}: main page` })).toBeVisible();

  // A gallery: three photos chosen at once, each described.
  await addSection(page, "Photo gallery");
  const gallery = section(page, "Photo gallery").last();
  await gallery.getByLabel("Title of gallery 1").fill(`Poster session ${token}`);
  await gallery
    .getByLabel("Add pictures")
    .setInputFiles([
      await photo(`poster-a-${token}.jpg`, 900 + seed),
      await photo(`poster-b-${token}.jpg`, 1000 + seed),
      await photo(`poster-c-${token}.jpg`, 1100 + seed),
    ]);
  const photos = gallery.locator(".picture-list__item");
  await expect(photos).toHaveCount(3);
  for (const [index, text] of [
    "Two presenters beside a poster",
    "A crowd reads",
    "Q&A",
  ].entries()) {
    await photos.nth(index).getByLabel("Alt text (required)").fill(`${text} ${token}`);
  }
  await gallery.getByLabel("Photo credit (optional)").fill(`Photos by Jordan Lee ${token}`);

  // A photo without its description is refused beside it; nothing is saved, the rest stays.
  await photos.nth(2).getByLabel("Alt text (required)").fill("");
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("alert")).toContainText("Nothing was saved");
  const refused = section(page, "Photo gallery").last().locator(".picture-list__item").nth(2);
  await expect(refused.getByLabel("Alt text (required)")).toHaveAttribute("aria-invalid", "true");
  await expect(refused.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
  await refused.getByLabel("Alt text (required)").fill(`Q&A ${token}`);

  // The schedule, as one picture: a second picked with it is refused, and the full list's file
  // field gives way to the hint that says so.
  await addSection(page, "Schedule (image)");
  const schedule = section(page, "Schedule (image)").last();
  await schedule
    .getByLabel("Add pictures")
    .setInputFiles([
      await photo(`schedule-${token}.jpg`, 1400),
      await photo(`schedule-too-${token}.jpg`, 1300),
    ]);
  await expect(schedule.getByRole("alert")).toHaveText(
    "Not added: the list holds 1 pictures at most.",
  );
  await expect(schedule.locator(".picture-list__item")).toHaveCount(1);
  await schedule.getByLabel("Alt text (required)").fill(`The day's schedule ${token}`);
  await expect(schedule.getByLabel("Add pictures")).toHaveCount(0);
  await expect(
    schedule.getByText("The list holds 1 pictures at most: remove one to add another."),
  ).toBeVisible();

  // The program as a PDF: a picture named .pdf is refused, a real PDF is taken.
  await addSection(page, "Program (PDF)");
  const program = section(page, "Program (PDF)").last();
  await program.getByLabel("Upload the program").setInputFiles([
    {
      name: `program-${token}.pdf`,
      mimeType: "application/pdf",
      buffer: (await photo("x.jpg", 600)).buffer,
    },
  ]);
  await expect(program.getByRole("alert")).toContainText("This file is not a PDF");
  await program.getByLabel("Upload the program").setInputFiles([
    {
      name: `program-${token}.pdf`,
      mimeType: "application/pdf",
      buffer: await makeAbstractPdf(),
    },
  ]);
  await expect(program.getByRole("link", { name: /Open the uploaded program/ })).toBeVisible();
  await expect(
    program.getByText(/^Open the uploaded program \(\d+ pages?\).* Save the draft to keep it\.$/),
  ).toBeVisible();
  await expect(program.getByLabel("Upload another PDF")).not.toHaveAttribute("aria-invalid");
  await expect(program.getByRole("alert")).toHaveCount(0);

  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(successMessage(page, "Draft saved successfully")).toBeVisible();
  await expect(section(page, "Photo gallery").last().locator(".picture-list__item")).toHaveCount(3);
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await gallery.screenshot({ path: testInfo.outputPath("gallery-form.png") });
  await page.setViewportSize({ width: 375, height: 740 });
  await section(page, "Photo gallery")
    .last()
    .screenshot({ path: testInfo.outputPath("gallery-form-375.png") });
  await section(page, "Program (PDF)")
    .last()
    .screenshot({ path: testInfo.outputPath("program-form-375.png") });
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Without JavaScript, a photo is uploaded by its own form and comes back as a new row, unsaved.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  const noScript = await plain.newPage();
  await noScript.goto(pageForm);
  const plainGallery = section(noScript, "Photo gallery").last();
  await plainGallery
    .getByLabel("Add a picture")
    .setInputFiles([
      { name: `not-a-photo-${token}.jpg`, mimeType: "image/jpeg", buffer: await makeAbstractPdf() },
    ]);
  await plainGallery.getByRole("button", { name: "Upload the picture" }).click();
  await expect(noScript.getByRole("alert").first()).toContainText(
    "This file is a PDF, not a photo.",
  );
  await section(noScript, "Photo gallery")
    .last()
    .getByLabel("Add a picture")
    .setInputFiles([await photo(`late-${token}.jpg`, 800 + seed)]);
  await section(noScript, "Photo gallery")
    .last()
    .getByRole("button", { name: "Upload the picture" })
    .click();
  await expect(successMessage(noScript, /The picture was uploaded and added/)).toBeVisible();
  const plainPhotos = section(noScript, "Photo gallery").last().locator(".picture-list__item");
  await expect(plainPhotos).toHaveCount(4);
  await plainPhotos.nth(3).getByLabel("Alt text (required)").fill(`Closing remarks ${token}`);
  await noScript.getByRole("button", { name: "Save draft" }).first().click();
  await expect(successMessage(noScript, "Draft saved successfully")).toBeVisible();
  await plain.close();

  // Preview, then publish: the archive shows the uploads from /media/.
  await page.goto(`/user-data/content/editions/${year}/preview`);
  await expect(page.getByRole("heading", { name: `Poster session ${token}` })).toBeVisible();
  await page.goto(`/user-data/content/editions/${year}`);
  await page.getByRole("button", { name: `Publish SCULC ${year}` }).click();
  await expect(successMessage(page, "Published successfully")).toBeVisible();

  const visitor = await browser.newContext({
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  const public_ = await visitor.newPage();
  await public_.goto(`/sculc-${year}`);
  await expect(public_.getByRole("heading", { name: `Poster session ${token}` })).toBeVisible();
  const shown = public_.getByRole("img", {
    name: new RegExp(`Two presenters beside a poster ${token}`),
  });
  await expect(shown).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\.webp$/);
  await expect(public_.getByText(`Photos by Jordan Lee ${token}`)).toBeVisible();
  const scheduleImage = public_.getByRole("img", { name: `The day's schedule ${token}` });
  await scheduleImage.scrollIntoViewIfNeeded();
  // Drawn, not only named: the browser loaded a real picture from /media/ (the page's CSP allows it).
  await expect
    .poll(() => scheduleImage.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const pdf = public_.getByRole("link", { name: /Open the program \(PDF\)/ }).last();
  const href = (await pdf.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/);
  const served = await public_.request.get(href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("application/pdf");
  await public_.screenshot({ path: testInfo.outputPath("public-page.png"), fullPage: true });
  // (The edition page's side menu scrolls sideways inside itself by design: only the page must not.)
  const overflow = await public_.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  await visitor.close();
  await context.close();
});
