import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminSession,
  apiAccount,
  apiUpload,
  authorCard,
  randomToken,
  signedInPerson,
  someone,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { withServerLock } from "./support/server-lock";

// Every script and diacritic comes back as typed: IPA, combining marks, Icelandic, Chinese.
const ipaName = "Ŋɡʊ̃ Þórsdóttir ʃəˈwɑ";
const hanName = "李小龍";

// Long flows with axe on several states; the shared machine can be slow.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

function signedInAuthor(page: Page, testInfo: TestInfo) {
  return signedInPerson(page, testInfo, "presenter");
}

function coauthor(page: Page, number: number) {
  return page.getByRole("group", { name: `Co-author ${number}` });
}

test("submit with a title, two co-authors and a format; edit them and replace the PDF", async ({
  page,
  browser,
}, testInfo) => {
  const person = await signedInAuthor(page, testInfo);
  const title = `Nasal harmony in Ŋɡʊ̃ ${randomToken()}`;
  await page.goto("/sculc/submit-abstract");
  // Without JavaScript a row button reloads the form, and the chosen PDF with it: the hint says so here
  // (and not on the edit form below, which has no PDF).
  const pdfAgain = "choose your PDF again afterwards";
  await expect(page.getByRole("main")).toContainText(pdfAgain);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Your affiliation").fill("Universidad de Cádiz");
  await page.getByRole("button", { name: "Add a co-author" }).click();
  // With JavaScript the row appears in place and takes the focus.
  await expect(coauthor(page, 1).getByLabel("Name")).toBeFocused();
  await coauthor(page, 1).getByLabel("Name").fill(ipaName);
  await coauthor(page, 1).getByLabel("Affiliation").fill("Háskóli Íslands");
  await coauthor(page, 1).getByLabel("Email (optional)").fill(`ngu-${randomToken()}@e2e.test`);
  await coauthor(page, 1).getByLabel("Will present").check();
  await page.getByRole("button", { name: "Add a co-author" }).click();
  await coauthor(page, 2).getByLabel("Name").fill(hanName);
  await page.getByRole("radio", { name: /^Poster/ }).check();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "nasal.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf(),
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));

  const card = authorCard(page, title);
  const authors = card.getByRole("list", { name: "Authors" }).getByRole("listitem");
  await expect(authors).toHaveText([
    `${person.firstName} ${person.lastName}, Universidad de Cádiz (presenting)`,
    `${ipaName}, Háskóli Íslands (presenting)`,
    hanName,
  ]);
  await expect(card).toContainText("Preferred format: Poster");
  await expectNoAxeViolations(page);

  const admin = await adminSession(browser, testInfo, "/user-data/submissions");
  const adminCard = admin.page
    .getByRole("listitem")
    .filter({ has: admin.page.getByRole("heading", { name: title }) });
  await expect(adminCard).toContainText(ipaName);
  await expect(adminCard).toContainText(hanName);
  await expect(adminCard).toContainText("Preferred format: Poster");

  // Edit: a new title, the second co-author first, a talk instead.
  await card.getByRole("link", { name: `Edit the details of ${title}` }).click();
  const form = page.getByRole("region", { name: `Edit “${title}”` });
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(coauthor(page, 1).getByLabel("Name")).toHaveValue(ipaName);
  await expect(form).toContainText("Up to 10 co-authors.");
  await expect(form).not.toContainText(pdfAgain);
  await expectNoAxeViolations(page);
  const newTitle = `${title} (revised)`;
  await form.getByLabel("Title", { exact: true }).fill(newTitle);
  // The status page does not hydrate: its own script moves the row in place, posting nothing.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await coauthor(page, 2).getByRole("button", { name: "Move up co-author 2" }).click();
  await expect(coauthor(page, 1).getByLabel("Name")).toHaveValue(hanName);
  await expect(
    coauthor(page, 1).getByRole("button", { name: "Move down co-author 1" }),
  ).toBeFocused();
  expect(posts).toEqual([]);
  await form.getByRole("radio", { name: /^Talk/ }).check();
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?saved=1"));
  const edited = authorCard(page, newTitle);
  await expect(edited.getByRole("list", { name: "Authors" }).getByRole("listitem")).toHaveText([
    `${person.firstName} ${person.lastName}, Universidad de Cádiz (presenting)`,
    hanName,
    `${ipaName}, Háskóli Íslands (presenting)`,
  ]);
  await expect(edited).toContainText("Preferred format: Talk");

  // Replace the PDF: same checks as an upload (a non-PDF is refused, the old file stays).
  await edited.getByRole("link", { name: `Replace PDF of ${newTitle}` }).click();
  await expect(page.getByRole("heading", { name: "Replace Your Abstract's PDF" })).toBeVisible();
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "not.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("plain text, not a PDF"),
  });
  await page.getByRole("button", { name: "Replace PDF" }).click();
  await expect(page.getByRole("alert")).toContainText("The file is not a PDF.");
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "nasal-v2.pdf",
    mimeType: "application/pdf",
    buffer: await makeAbstractPdf({ words: 250 }),
  });
  await page.getByRole("button", { name: "Replace PDF" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission?replaced=1"));
  await expect(authorCard(page, newTitle)).toContainText("nasal-v2.pdf");
  await expect(authorCard(page, newTitle)).toContainText("about 250 words");

  await admin.page.reload();
  const revised = admin.page
    .getByRole("listitem")
    .filter({ has: admin.page.getByRole("heading", { name: newTitle }) });
  await expect(revised.getByRole("list").first().getByRole("listitem")).toHaveText([
    /presenting/,
    hanName,
    new RegExp(`^${ipaName}, Háskóli Íslands · ngu-`),
  ]);
  await admin.context.close();
});

test("someone else's abstract cannot be edited or replaced", async ({ page }, testInfo) => {
  await signedInAuthor(page, testInfo);
  const owner = await apiAccount(testInfo, someone("owner", testInfo));
  const id = await apiUpload(owner, `owned-${randomToken()}.pdf`);
  await owner.dispose();
  const edit = await page.request.post(`/sculc/view-submission?edit=${id}`, {
    form: {
      submissionId: id,
      intent: "save-details",
      title: "Mine now",
      format: "talk",
      presents: "yes",
    },
  });
  expect(edit.status()).toBe(404);
  expect((await page.goto(`/sculc/submit-abstract?replace=${id}`))?.status()).toBe(404);
  const replace = await page.request.post(`/sculc/submit-abstract?replace=${id}`, {
    multipart: {
      abstract: { name: "x.pdf", mimeType: "application/pdf", buffer: await makeAbstractPdf() },
    },
  });
  expect(replace.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("co-author rows are added by posting the form, and the upload still works", async ({
    page,
  }, testInfo) => {
    await signedInAuthor(page, testInfo);
    const title = `No-script ${randomToken()}`;
    await page.goto("/sculc/submit-abstract");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("radio", { name: /^Either/ }).check();
    await page.getByRole("button", { name: "Add a co-author" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Choose your PDF again" }),
    ).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await coauthor(page, 1).getByLabel("Name").fill(ipaName);
    // (axe needs JavaScript in the page: the same form is checked with it in the test above.)
    await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
      name: "no-script.pdf",
      mimeType: "application/pdf",
      buffer: await makeAbstractPdf(),
    });
    await page.getByRole("button", { name: "Upload Abstract" }).click();
    await expect(page).toHaveURL(at("/sculc/view-submission?uploaded=1"));
    await expect(authorCard(page, title)).toContainText(ipaName);
    await expect(authorCard(page, title)).toContainText("Preferred format: Either");
  });
});

test("a slow upload shows its progress, then the server's answer", async ({ page }, testInfo) => {
  await signedInAuthor(page, testInfo);
  await page.goto("/sculc/submit-abstract");
  await page.getByLabel("Title", { exact: true }).fill("A large file on a slow line");
  await page.getByRole("radio", { name: /^Talk/ }).check();
  // Large enough to take a few seconds at the throttled speed; refused after it arrived (not a PDF).
  await page.getByLabel(/^Abstract \(PDF/).setInputFiles({
    name: "large.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(1_500_000, "a"),
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 300 * 1024,
  });
  await page.getByRole("button", { name: "Upload Abstract" }).click();
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(bar).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Uploading: \d+%$/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await expect(page.getByRole("alert")).toContainText("The file is not a PDF.", {
    timeout: 30_000,
  });
  await expect(bar).toHaveCount(0);
  // The form kept what was typed.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "A large file on a slow line",
  );
});

test.describe("after the call closes", () => {
  test.describe.configure({ mode: "serial" });

  // Runs in the call-for-abstracts project, alone (see playwright.config.ts).
  test(
    "closing the call makes abstracts read-only",
    { tag: "@global-state" },
    async ({ browser }, testInfo) => {
      const fileName = `closing-${randomToken()}.pdf`;
      const api = await apiAccount(testInfo, someone("closing", testInfo));
      const id = await apiUpload(api, fileName);
      const admin = await adminSession(browser, testInfo, "/user-data/submissions");
      const panel = admin.page.getByRole("region", { name: "Call for abstracts" });
      await withServerLock(testInfo, "call", async () => {
        await panel.getByRole("button", { name: "Close the call now" }).click();
        await expect(panel).toContainText("The call is closed.");
        try {
          const status = await api.get("/sculc/view-submission");
          const html = await status.text();
          expect(html).toContain("can no longer be edited or replaced");
          expect(html).not.toContain(`?edit=${id}`);
          const edit = await api.post(`/sculc/view-submission?edit=${id}`, {
            form: {
              submissionId: id,
              intent: "save-details",
              title: "Too late",
              format: "talk",
              presents: "yes",
            },
          });
          expect(edit.status()).toBe(409);
          expect(await edit.text()).toContain("can no longer be changed");
          const replace = await api.post(`/sculc/submit-abstract?replace=${id}`, {
            multipart: {
              abstract: {
                name: "late.pdf",
                mimeType: "application/pdf",
                buffer: await makeAbstractPdf(),
              },
            },
          });
          expect(replace.status()).toBe(409);
          expect(await replace.text()).toContain("can no longer be changed");
        } finally {
          await admin.page.request.post("/user-data/submissions", {
            form: { intent: "open-call", closesAt: "" },
          });
        }
      });
      await api.dispose();
      await admin.context.close();
    },
  );
});
