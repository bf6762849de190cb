import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { fillAbstractDetails, titleFor } from "./support/abstract-form";
import {
  at,
  atLogin,
  logIn,
  mainNav,
  openMenuIfCollapsed,
  register,
  signedInAccount,
  strongPassword,
  uniqueEmail,
  useOwnClientAddress,
  verifyFromMail,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";

// The submitter's way through the site (issue 22): back to the submit page after registering, a receipt,
// a refusal in view, Enter that uploads, and the status page after a decision, as author and co-author.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

test("registering from the submit page comes back to it after verifying, and an upload is receipted by mail", async ({
  page,
}, testInfo) => {
  await page.goto("/sculc/submit-abstract");
  await expect(page).toHaveURL(atLogin);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fsculc%2Fsubmit-abstract$/);
  const email = uniqueEmail("newcomer", testInfo);
  await register(
    page,
    { firstName: "Ada", lastName: "Newcomer", email, password: strongPassword },
    { onCurrentPage: true },
  );
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await verifyFromMail(page, email);
  await page.getByRole("link", { name: "Log In" }).click();
  await logIn(page, email, strongPassword);
  await expect(page).toHaveURL(at("/sculc/submit-abstract"));

  await fillAbstractDetails(page, { title: titleFor("receipted.pdf") });
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "receipted.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf(),
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  const receipt = await waitForMail(email, { subject: /was received/ });
  expect(receipt.text).toContain("Title: receipted.pdf");
  expect(receipt.text).toContain("File: receipted.pdf");
  expect(receipt.text).toContain("/sculc/view-submission");
});

test("a refused upload takes focus in view and keeps the details; Enter in the title uploads", async ({
  page,
}, testInfo) => {
  await signedInAccount(page, testInfo, "keyboard");
  await page.goto("/sculc/submit-abstract");
  await fillAbstractDetails(page, { title: "Tone sandhi" });
  await page.getByRole("button", { name: "Add a co-author" }).click();
  const coauthor = page.getByRole("group", { name: "Co-author 1" });
  await coauthor.getByLabel("Name").fill("Grace Hopper");
  const file = page.getByLabel(/^Abstract \(PDF/);
  await file.setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("These are plain-text notes, not a PDF.\n"),
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("The file is not a PDF. Choose a PDF file");
  // The message is where the eyes and the keyboard are: focused, and inside the viewport.
  await expect(page.locator(".submission__message")).toBeFocused();
  await expect(alert).toBeInViewport();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Tone sandhi");
  await expect(coauthor.getByLabel("Name")).toHaveValue("Grace Hopper");
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: testInfo.outputPath(`submit-refused-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("link", { name: "Choose a PDF file" }).click();
  await expect(file).toBeFocused();
  await file.setInputFiles({
    name: "tone-sandhi.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf({ words: 120 }),
  });
  // Enter in a text field submits with the form's default button: the upload, not "Add a co-author".
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  const card = page.getByRole("listitem").filter({ hasText: "Tone sandhi" });
  await expect(card).toContainText("Grace Hopper");
  await expect(page.getByRole("group", { name: "Co-author 2" })).toHaveCount(0);
});

test("after a decision the status page says so and links to confirming; a co-author sees it read-only", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === "postgres", "the SQLite file is written directly");
  const coauthorContext = await browser.newContext();
  await useOwnClientAddress(coauthorContext);
  const coauthorPage = await coauthorContext.newPage();
  const coauthorEmail = await signedInAccount(coauthorPage, testInfo, "coauthor");

  const email = await signedInAccount(page, testInfo, "lead-author");
  await page.goto("/sculc/submit-abstract");
  await fillAbstractDetails(page, { title: "Evidentials in Quechua" });
  await page.getByRole("button", { name: "Add a co-author" }).click();
  const row = page.getByRole("group", { name: "Co-author 1" });
  await row.getByLabel("Name").fill("Grace Hopper");
  await row.getByLabel("Email (optional)").fill(coauthorEmail.toUpperCase());
  await row.getByLabel("Will present").check();
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "evidentials.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf(),
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  await expect(page.getByText("Your abstract is being processed.")).toBeVisible();

  // Deciding is the admin area's work; the test releases an acceptance in the database.
  const database = new Database(path.resolve(".e2e-data/sqlite/app.db"));
  try {
    database
      .prepare(
        `update submission set decision = 'accepted', accepted_as = 'talk', decided_at = ?, released_at = ?
         where user_id = (select id from "user" where email = ?)`,
      )
      .run(new Date().toISOString(), new Date().toISOString(), email);
  } finally {
    database.close();
  }
  await page.goto("/profile");
  await page.getByRole("main").getByRole("link", { name: "My Submissions" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission"));
  await expect(page.getByText("being processed")).toHaveCount(0);
  await expect(page.getByText("The program committee has decided")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Evidentials in Quechua" });
  await expect(card).toContainText("Accepted as a talk");
  await expect(card.getByRole("link", { name: /Confirm your presentation/ })).toHaveAttribute(
    "href",
    "/sculc/congratulations-page",
  );
  await openMenuIfCollapsed(page);
  await mainNav(page).locator("summary", { hasText: "SCULC" }).click();
  await expect(mainNav(page).getByRole("link", { name: "My Submissions" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`status-accepted-${width}.png`),
      fullPage: true,
    });
  }

  await coauthorPage.goto("/sculc/view-submission");
  const coauthored = coauthorPage.getByRole("region", { name: "Abstracts You Co-author" });
  const shared = coauthored.getByRole("listitem").filter({ hasText: "Evidentials in Quechua" });
  await expect(shared).toContainText("You are listed as a co-author and as presenting it");
  await expect(shared).toContainText("Accepted as a talk");
  await expect(shared.getByRole("button")).toHaveCount(0);
  await expect(shared.getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(coauthorPage);
  for (const width of [1280, 375]) {
    await coauthorPage.setViewportSize({ width, height: 900 });
    await coauthorPage.screenshot({
      path: testInfo.outputPath(`status-coauthor-${width}.png`),
      fullPage: true,
    });
  }
  await coauthorContext.close();
});
