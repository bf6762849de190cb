import { expect, type Page, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { at, signedInAccount, useOwnClientAddress } from "./support/accounts";
import { randomToken as token } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import {
  confirmedPresenter,
  congratulations,
  inAWeek,
  postUpload,
  secondAbstractWithPrivateMaterial,
  setMaterialsDue,
  uploadOnPage,
  whileOpen,
  withDatesLock,
} from "./support/presenter-materials";
import { makeAdmin } from "./support/review-database";

// Final materials (issue 13): a confirmed presenter uploads slides or a poster on the congratulations
// page, admins see and download them, and consented ones appear on the edition page after the
// conference day (2025-05-17, in the past, so at once). The abstracts are put into the confirmed state
// through the database (the confirm pages are another part of the issue). The materials deadline is
// global to a server: every upload here, and the test that moves it into the past, holds the
// "presenter-dates" lock and sets it first. The helpers are in support/presenter-materials.ts.

/** The page's message after a form (each upload form also has its own, empty progress status). */
const successStatus = (page: Page) => page.getByRole("status").filter({ hasText: "successfully" });

test.beforeEach(async ({ context }, testInfo) => {
  // Each test signs up two or three accounts and uploads under a lock shared with the other projects.
  testInfo.setTimeout(300_000);
  await useOwnClientAddress(context);
});

test("a confirmed presenter uploads slides, replaces them and changes the consent", async ({
  page,
}, testInfo) => {
  const title = `Vowel harmony in Tuvan ${token()}`;
  const { id } = await confirmedPresenter(page, testInfo, { title });
  await page.goto(congratulations);
  const section = page.getByRole("region", { name: "Final materials" });
  await expect(section.getByRole("heading", { name: title })).toBeVisible();
  await expect(section).toContainText("No slides uploaded yet.");
  // A document with a script of its own, which sends the file with a progress bar.
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  await expectNoAxeViolations(page);

  await whileOpen(testInfo, async () =>
    uploadOnPage(
      page,
      { name: "Tuvan “final”.pdf", buffer: await makeAbstractPdf({ words: 30 }) },
      { mayPublish: true, button: /^Upload slides$/ },
    ),
  );
  await expect(successStatus(page)).toHaveText("Your file was uploaded successfully.");
  await expect(section).toContainText("Tuvan “final”.pdf");
  await expect(section).toContainText("will be published on the conference page");
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: testInfo.outputPath("congratulations-materials.png"),
    fullPage: true,
  });

  // The presenter opens their own file, with the abstracts' safe headers.
  const own = await page.request.get(`/files/materials/${id}`);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("application/pdf");
  expect(own.headers()["x-content-type-options"]).toBe("nosniff");
  expect(own.headers()["content-security-policy"]).toContain("sandbox");

  await whileOpen(testInfo, async () =>
    uploadOnPage(
      page,
      { name: "second.pdf", buffer: await makeAbstractPdf({ words: 60 }) },
      { mayPublish: false, button: /^Replace slides$/ },
    ),
  );
  await expect(successStatus(page)).toHaveText(
    "Your file was replaced successfully; the earlier one is deleted.",
  );
  await expect(section).toContainText("second.pdf");
  await expect(section).not.toContainText("Tuvan “final”.pdf");
  await expect(section).toContainText("will not be published on the site");

  await whileOpen(testInfo, async () => {
    await page.goto(congratulations);
    await section.getByRole("button", { name: "Allow publishing my slides" }).click();
    await expect(successStatus(page)).toHaveText(
      "Saved successfully: your file may be published after the conference.",
    );
  });
  await expect(section.getByRole("button", { name: "Do not publish my slides" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a wrong file is refused in the form: focus on the message, the consent tick kept", async ({
  page,
}, testInfo) => {
  await confirmedPresenter(page, testInfo, { title: `Wrong file ${token()}` });
  const section = page.getByRole("region", { name: "Final materials" });
  const consent = section.getByLabel(/may be published/);
  const file = section.getByLabel(/^Your slides/);
  await whileOpen(testInfo, async () => {
    await page.goto(congratulations);
    await file.setInputFiles({
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("These are my speaker notes, not a PDF.\n"),
    });
    await consent.check();
    await section.getByRole("button", { name: /^Upload slides$/ }).click();
    const message = section.getByRole("alert");
    await expect(message).toHaveText(
      "The file you chose is not a PDF. Choose a PDF file of your slides or poster (save or export it as PDF first) and upload it again.",
    );
    // The same page, the message in view and focused (its box, which a screen reader reads out), the
    // tick kept, only the file cleared.
    await expect(page).toHaveURL(/\/sculc\/congratulations-page$/);
    await expect(page.locator(":focus")).toContainText("The file you chose is not a PDF.");
    await expect(message).toBeInViewport();
    await expect(consent).toBeChecked();
    await expect(file).toHaveValue("");
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath("materials-refused-in-place.png") });

    // Choosing a PDF then uploads it, with the tick as it was left.
    await file.setInputFiles({
      name: "slides.pdf",
      mimeType: "application/pdf",
      buffer: await makeAbstractPdf({ words: 30 }),
    });
    await section.getByRole("button", { name: /^Upload slides$/ }).click();
    await expect(successStatus(page)).toHaveText("Your file was uploaded successfully.");
  });
  await expect(section).toContainText("slides.pdf");
  await expect(section).toContainText("will be published on the conference page");

  // A session that ended while the page was open: the upload goes to the login page, which says why,
  // rather than showing the login page's words in the form.
  await whileOpen(testInfo, async () => {
    await section.getByLabel(/^Replace your slides/).setInputFiles({
      name: "late.pdf",
      mimeType: "application/pdf",
      buffer: await makeAbstractPdf({ words: 30 }),
    });
    await page.context().clearCookies();
    await section.getByRole("button", { name: /^Replace slides$/ }).click();
    await expect(page).toHaveURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/sculc\//);
  });
});

test(
  "uploads are refused to another user, and to everyone after the date",
  { tag: "@server-answers" },
  async ({ page, browser, baseURL }, testInfo) => {
    const { id } = await confirmedPresenter(page, testInfo, { title: `Late ${token()}` });
    await whileOpen(testInfo, async () => {
      await page.goto(congratulations);
      await uploadOnPage(
        page,
        { name: "kept.pdf", buffer: await makeAbstractPdf() },
        { mayPublish: false, button: /^Upload slides$/ },
      );
    });

    // Someone else, signed in, can neither upload for this abstract nor read its unpublished file.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await useOwnClientAddress(otherContext);
    await signedInAccount(other, testInfo, "intruder");
    const intrusion = await whileOpen(testInfo, () => postUpload(other.request, baseURL ?? "", id));
    expect(intrusion.status(), intrusion.headers().location).toBe(404);
    expect((await other.request.get(`/files/materials/${id}`)).status()).toBe(404);
    await otherContext.close();

    await withDatesLock(testInfo, async () => {
      await setMaterialsDue(testInfo, new Date(Date.now() - 60_000));
      try {
        const late = await postUpload(page.request, baseURL ?? "", id);
        expect(late.status()).toBe(409);
        expect(await late.text()).toContain("The deadline for final materials has passed.");
        const consent = await page.request.post(`/sculc/final-materials/consent?submission=${id}`, {
          headers: { Origin: baseURL ?? "" },
          form: { mayPublish: "yes" },
          maxRedirects: 0,
        });
        expect(consent.status()).toBe(409);
        await page.goto(congratulations);
        const section = page.getByRole("region", { name: "Final materials" });
        await expect(section).toContainText("Final materials were due by");
        await expect(section).toContainText("kept.pdf");
        await expect(section.getByRole("button")).toHaveCount(0);
        await expectNoAxeViolations(page);
      } finally {
        await setMaterialsDue(testInfo, inAWeek());
      }
    });
    // The refused upload replaced nothing.
    await page.goto(congratulations);
    await expect(page.getByRole("region", { name: "Final materials" })).toContainText("kept.pdf");
  },
);

test("admins see every accepted abstract's material and download it, audited", async ({
  page,
  browser,
}, testInfo) => {
  const title = `Poster on clicks ${token()}`;
  const { email: presenterEmail, id } = await confirmedPresenter(page, testInfo, {
    title,
    acceptedAs: "poster",
  });
  await whileOpen(testInfo, async () => {
    await page.goto(congratulations);
    await uploadOnPage(
      page,
      { name: "clicks-poster.pdf", buffer: await makeAbstractPdf() },
      { mayPublish: true, button: /^Upload poster$/ },
    );
  });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await useOwnClientAddress(adminContext);
  const adminEmail = await signedInAccount(admin, testInfo, "materials-admin");
  await makeAdmin(testInfo, adminEmail);
  await admin.goto("/user-data");
  await admin
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Final materials" })
    .click();
  await expect(admin).toHaveURL(at("/user-data/materials"));
  const row = admin.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(presenterEmail);
  await expect(row).toContainText("Confirmed");
  await expect(row.getByRole("link", { name: /Poster: clicks-poster\.pdf/ })).toHaveAttribute(
    "href",
    `/files/materials/${id}`,
  );
  await expect(row.getByRole("cell", { name: "Yes", exact: true })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.screenshot({ path: testInfo.outputPath("admin-materials.png"), fullPage: true });

  const download = await admin.request.get(`/files/materials/${id}`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  await admin.goto("/user-data/audit");
  await expect(
    admin
      .getByRole("row")
      .filter({ hasText: "Opened final materials" })
      .filter({ hasText: presenterEmail }),
  ).toHaveCount(1);
  await adminContext.close();
});

test("published materials appear on the edition page at once; unpublished ones never", async ({
  page,
  browser,
}, testInfo) => {
  const shared = `Shared slides ${token()}`;
  const { id } = await confirmedPresenter(page, testInfo, { title: shared });
  await whileOpen(testInfo, async () => {
    await page.goto(congratulations);
    await uploadOnPage(
      page,
      { name: "shared.pdf", buffer: await makeAbstractPdf() },
      { mayPublish: true, button: /^Upload slides$/ },
    );
  });
  // A second abstract of the same presenter, its material recorded without consent.
  const hidden = `Private slides ${token()}`;
  const hiddenId = await secondAbstractWithPrivateMaterial(testInfo, id, hidden);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto("/sculc-2025");
  const presentations = visitor.getByRole("region", { name: "Presentations" });
  const item = presentations.locator("details").filter({ hasText: shared });
  await item.locator("summary").click();
  await expect(item).toContainText("Ŋgũgĩ Tʃʰə́n, Université de Montréal");
  await expect(
    item.getByRole("link", { name: /Open “Slides: Shared slides .*” \(PDF\)/ }),
  ).toHaveAttribute("href", `/files/materials/${id}`);
  await expect(presentations).not.toContainText(hidden);
  await item.getByRole("button", { name: "Show the slides here" }).click();
  await expect(item.locator(`iframe[src="/files/materials/${id}"]`)).toHaveCount(1);
  await expectNoAxeViolations(visitor);
  expect((await visitor.request.get(`/files/materials/${id}`)).status()).toBe(200);
  expect((await visitor.request.get(`/files/materials/${hiddenId}`)).status()).toBe(404);

  // Withdrawing consent takes it off the cached page and out of reach at once.
  await whileOpen(testInfo, async () => {
    await page.goto(congratulations);
    await page.getByRole("button", { name: "Do not publish my slides" }).click();
    await expect(successStatus(page)).toContainText("will not be published");
  });
  await visitor.goto("/sculc-2025");
  await expect(visitor.getByRole("region", { name: "Presentations" })).not.toContainText(shared);
  expect((await visitor.request.get(`/files/materials/${id}`)).status()).toBe(404);
  await visitorContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload form posts and comes back with its message", async ({ page }, testInfo) => {
    await confirmedPresenter(page, testInfo, { title: `No script ${token()}` });
    await whileOpen(testInfo, async () => {
      await page.goto(congratulations);
      await uploadOnPage(
        page,
        { name: "plain.pdf", buffer: await makeAbstractPdf() },
        { mayPublish: false, button: /^Upload slides$/ },
      );
    });
    await expect(successStatus(page)).toHaveText("Your file was uploaded successfully.");
    await expect(page.getByRole("region", { name: "Final materials" })).toContainText("plain.pdf");
  });
});
