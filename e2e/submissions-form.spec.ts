import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { at, useOwnClientAddress } from "./support/accounts";
import { authorCard, randomToken, signedInPerson } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";

// The submit form is a document without framework JavaScript: the page script changes its co-author
// rows in place and sends its PDF with a progress bar. These are the page script's own cases; the
// whole flow (upload, edit, replace, refusals, no JavaScript) is in presenters-submit.spec.ts,
// submissions.spec.ts and submissions-workflow.spec.ts, which pass unchanged.

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const signedIn = (page: Page, testInfo: TestInfo) => signedInPerson(page, testInfo, "form");

const row = (page: Page, number: number) =>
  page.getByRole("group", { name: `Co-author ${number}` });
const add = (page: Page) => page.getByRole("button", { name: "Add a co-author" });

test("co-author rows are added, moved and removed in place, and the upload keeps their order", async ({
  page,
}, testInfo) => {
  await signedIn(page, testInfo);
  const title = `Rows in place ${randomToken()}`;
  await page.goto("/sculc/submit-abstract");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Title", { exact: true }).fill(title);
  for (const name of ["Ada", "Ben", "Cy"]) {
    await add(page).click();
    const number = ["Ada", "Ben", "Cy"].indexOf(name) + 1;
    await expect(row(page, number).getByLabel("Name")).toBeFocused();
    await row(page, number).getByLabel("Name").fill(name);
  }
  await row(page, 2).getByLabel("Will present").check();
  // A top row cannot move up, a bottom row cannot move down.
  await expect(row(page, 1).getByRole("button", { name: /^Move up/ })).toHaveCount(0);
  await expect(row(page, 3).getByRole("button", { name: /^Move down/ })).toHaveCount(0);

  // Cy up: the row keeps what was typed, and focus stays on its "Move up".
  await row(page, 3).getByRole("button", { name: "Move up co-author 3" }).click();
  await expect(row(page, 2).getByLabel("Name")).toHaveValue("Cy");
  await expect(row(page, 3).getByLabel("Name")).toHaveValue("Ben");
  await expect(row(page, 3).getByLabel("Will present")).toBeChecked();
  await expect(row(page, 2).getByRole("button", { name: "Move up co-author 2" })).toBeFocused();
  // Up again to the top, where it has no "Move up": focus goes to its "Move down".
  await page.keyboard.press("Enter");
  await expect(row(page, 1).getByLabel("Name")).toHaveValue("Cy");
  await expect(row(page, 1).getByRole("button", { name: "Move down co-author 1" })).toBeFocused();
  // Ada (now second) is removed; focus goes to the add button.
  await row(page, 2).getByRole("button", { name: "Remove co-author 2" }).click();
  await expect(add(page)).toBeFocused();
  await expect(page.getByRole("group", { name: /^Co-author \d+$/ })).toHaveCount(2);
  // Labels, hints and names follow the rows' new numbers.
  await expect(row(page, 2).getByLabel("Name")).toHaveAttribute("name", "coauthor.1.name");
  await expect(row(page, 2).getByLabel("Name")).toHaveAccessibleDescription(
    "As it should appear in the program, in any script.",
  );
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  await page.getByRole("radio", { name: /^Talk/ }).check();
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "rows.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf(),
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  await expect(
    authorCard(page, title).getByRole("list", { name: "Authors" }).getByRole("listitem"),
  ).toHaveText([/\(presenting\)$/, "Cy", "Ben (presenting)"]);
});

test("at ten co-authors the add button is unavailable; removing one makes it available again", async ({
  page,
}, testInfo) => {
  await signedIn(page, testInfo);
  await page.goto("/sculc/submit-abstract");
  for (let count = 1; count <= 10; count += 1) await add(page).click();
  await expect(row(page, 10).getByLabel("Name")).toBeFocused();
  await expect(add(page)).toBeDisabled();
  await row(page, 10).getByRole("button", { name: "Remove co-author 10" }).click();
  await expect(add(page)).toBeEnabled();
  await expect(add(page)).toBeFocused();
  for (let count = 9; count >= 1; count -= 1) {
    await row(page, count)
      .getByRole("button", { name: `Remove co-author ${count}` })
      .click();
  }
  await expect(page.getByRole("group", { name: /^Co-author \d+$/ })).toHaveCount(0);
  await expect(page.locator("ol.author-rows")).toBeHidden();
});

test("a slow upload says Uploading..., takes one of several presses, then shows the status page", async ({
  page,
}, testInfo) => {
  await signedIn(page, testInfo);
  const title = `One of several presses ${randomToken()}`;
  await page.goto("/sculc/submit-abstract");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("radio", { name: /^Poster/ }).check();
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "pressed.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf({ words: 3000 }),
  });
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") uploads.push(request.url());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 200,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024,
  });
  const button = page.getByRole("button", { name: "Upload Abstract" });
  await button.click();
  const pending = page.getByRole("button", { name: "Uploading..." });
  await expect(pending).toHaveAttribute("aria-disabled", "true");
  await expect(page.locator("form[data-abstract-upload]")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  // A double click and Enter in a field while it runs send nothing more (the button only reads as
  // unavailable, so the clicks are forced past Playwright's own check).
  await pending.dblclick({ force: true });
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"), { timeout: 60_000 });
  await expect(authorCard(page, title)).toHaveCount(1);
  expect(uploads.filter((url) => url.endsWith("/sculc/submit-abstract"))).toHaveLength(1);
});

test("a dropped connection says so, clears the file, keeps the details and can be sent again", async ({
  page,
}, testInfo) => {
  await signedIn(page, testInfo);
  const title = `Dropped once ${randomToken()}`;
  await page.goto("/sculc/submit-abstract");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await add(page).click();
  await row(page, 1).getByLabel("Name").fill("Dee");
  await page.getByRole("radio", { name: /^Talk/ }).check();
  const file = page.getByLabel(/^Abstract \(PDF/);
  const pdf = { name: "dropped.pdf", mimeType: "application/pdf", buffer: await makeAbstractPdf() };
  await file.setInputFiles(pdf);
  await page.route("**/sculc/submit-abstract", (route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback(),
  );
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Failed to upload the file: the connection dropped before it arrived. Check your connection, choose the PDF file again and upload it.",
  );
  await expect(page.locator(".submission__message")).toBeFocused();
  await expect(file).toHaveValue("");
  await expect(page.getByRole("button", { name: "Upload Abstract" })).not.toHaveAttribute(
    "aria-disabled",
  );
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(row(page, 1).getByLabel("Name")).toHaveValue("Dee");
  await expectNoAxeViolations(page);

  await page.unroute("**/sculc/submit-abstract");
  await page.getByRole("link", { name: "Choose a PDF file" }).click();
  await expect(file).toBeFocused();
  await file.setInputFiles(pdf);
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
  await expect(authorCard(page, title)).toContainText("Dee");
});

test("a session that ended while the form was open: the upload goes to the login page, which says why", async ({
  page,
}, testInfo) => {
  await signedIn(page, testInfo);
  await page.goto("/sculc/submit-abstract");
  await page.getByLabel("Title", { exact: true }).fill("Signed out meanwhile");
  await page.getByRole("radio", { name: /^Talk/ }).check();
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "late.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf(),
  });
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/sculc/submit-abstract");
  await expect(page.getByText("You Must Log In to Submit an Abstract")).toBeVisible();
});
