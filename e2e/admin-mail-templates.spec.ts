import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  adminSession,
  apiAccount,
  apiUpload,
  randomClientAddress,
  randomToken,
  releaseDecisions,
  someone,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";
import { waitForMail } from "./support/mailbox";
import { withServerLock } from "./support/server-lock";

// The organisers' mail templates: an admin rewords the "not accepted" decision, sees it previewed,
// is told which placeholder does not exist, saves, releases a rejection and the author's email has the
// new words; then the default is restored. A saved template changes every later message of its kind,
// anyone's: saving, releasing and restoring happen under the "decisions" lock, so no other test
// releases a decision while the words are not the default.

const templatePath = "/user-data/mail/templates/decision-not-accepted";

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

async function expectFitsAndAccessible(page: Page, testInfo: TestInfo, name: string) {
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

const preview = (page: Page) => page.getByRole("region", { name: "Preview" });

const reworded = [
  "Dear {name},",
  "Thank you for your abstract for {conference}. The committee could not accept it this year.",
  "{abstracts}",
  "{comments}",
  "The decision is on your submissions page:",
  "{status_link}",
  "Come to the conference as our guest all the same.",
].join("\n\n");

test("an admin rewords the not-accepted mail, the next rejection uses it, and the default comes back", async ({
  browser,
}, testInfo) => {
  test.slow();
  const fileName = `templated-${randomToken()}.pdf`;
  const author = someone("templated", testInfo);
  const [admin] = await Promise.all([
    adminSession(browser, testInfo, "/user-data/mail/templates"),
    (async () => {
      const api = await apiAccount(testInfo, author);
      await apiUpload(api, fileName);
      await api.dispose();
    })(),
  ]);
  const { page } = admin;

  await expect(page.getByRole("heading", { name: "Mail templates", level: 1 })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: "Decision: not accepted" });
  await expect(item).toContainText("Sent when the decisions are released");
  await expectFitsAndAccessible(page, testInfo, "templates-list");
  await item.getByRole("link", { name: "Decision: not accepted" }).click();
  await expect(
    page.getByRole("heading", { name: "Decision: not accepted", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "{comments}" })).toBeVisible();

  // The subject is written with Insert: the placeholder goes where the cursor is.
  const subject = page.getByLabel("Subject");
  await subject.fill("Our decision on your ");
  await page.getByRole("button", { name: "Insert {conference}" }).click();
  await page.keyboard.type(" abstract");
  await expect(subject).toHaveValue("Our decision on your {conference} abstract");

  // The whole message is typed anew: what the page showed may be another test's saved text.
  const body = page.getByLabel("Message");
  await body.fill(reworded.replace("Dear {name},", "Dear {titel},"));

  // The preview follows the typing; a placeholder that does not exist is named, and nothing is saved.
  await expect(preview(page)).toContainText(
    "No preview until this is fixed: {titel} is not a placeholder of this message: use one of {name}",
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").first()).toContainText("The template was not saved");
  await expect(
    page.getByText("{titel} is not a placeholder of this message").first(),
  ).toBeVisible();
  await expect(body).toHaveValue(reworded.replace("Dear {name},", "Dear {titel},"));
  await expect(subject).toHaveValue("Our decision on your {conference} abstract");
  await expectFitsAndAccessible(page, testInfo, "template-refused");

  await body.fill(reworded);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(successMessage(page, "is not saved yet")).toBeVisible();
  await expect(preview(page)).toContainText(/Filled in as|sample values/);
  await expect(preview(page)).toContainText("Subject: Our decision on your SCULC 2025 abstract");
  await expect(preview(page)).toContainText("Come to the conference as our guest all the same");
  await expect(preview(page)).not.toContainText("{");
  await expectFitsAndAccessible(page, testInfo, "template-preview");

  await withServerLock(testInfo, "decisions", async () => {
    let restored = false;
    try {
      // Saved over the version as it is now (another test may have saved and restored meanwhile).
      await page.goto(templatePath);
      await page.getByLabel("Subject").fill("Our decision on your {conference} abstract");
      await body.fill(reworded);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(
        successMessage(page, 'The template "Decision: not accepted" was saved successfully'),
      ).toBeVisible();
      await expect(page.getByText(`Changed by ${admin.email}`)).toBeVisible();
      await page.goto("/user-data/mail/templates");
      await expect(
        page.getByRole("listitem").filter({ hasText: "Decision: not accepted" }),
      ).toContainText(`Changed by ${admin.email}`);

      await page.goto("/user-data/submissions?status=undecided");
      const card = adminCard(page, fileName);
      await card.getByRole("button", { name: `Reject ${fileName}` }).click();
      await expect(successMessage(page, "Decision saved successfully")).toBeVisible();
      await releaseDecisions(page, fileName, "Rejected");

      // Back to the default, in two steps.
      await page.goto(templatePath);
      await page.getByRole("link", { name: "Restore the default..." }).click();
      await expect(page.getByRole("heading", { name: "Restore the default text?" })).toBeFocused();
      await expectFitsAndAccessible(page, testInfo, "template-restore");
      await page.getByRole("button", { name: "Yes, restore the default" }).click();
      await expect(successMessage(page, "was restored successfully")).toBeVisible();
      restored = true;
      await expect(page).toHaveURL(new RegExp(`${templatePath}$`));
      await expect(page.getByText("Default text.")).toBeVisible();
      await expect(page.getByLabel("Subject")).toHaveValue(
        "Your {conference} abstract was not accepted",
      );
      await expect(page.getByRole("region", { name: "Restore the default" })).toHaveCount(0);
    } finally {
      // Whatever failed, the next test's rejection must read the default again.
      if (!restored) await page.request.post(templatePath, { form: { intent: "restore" } });
    }
  });
  const mail = await waitForMail(author.email, {
    subject: "Our decision on your SCULC 2025 abstract",
  });
  expect(mail.text).toContain(`${fileName}: not accepted`);
  expect(mail.text).toContain("Come to the conference as our guest all the same.");
  expect(mail.text).toContain("Dear Noam,");

  await page.goto("/user-data/audit");
  const entries = page.getByRole("row").filter({ hasText: admin.email });
  await expect(entries.filter({ hasText: "Changed a mail template" })).toContainText(
    "Decision: not accepted (subject and message)",
  );
  await expect(entries.filter({ hasText: "Restored a mail template's default text" })).toHaveCount(
    1,
  );
  await admin.context.close();
});

test("without JavaScript the placeholders are listed, Preview shows the text filled in and a refusal keeps it", async ({
  browser,
}, testInfo) => {
  const admin = await adminSession(browser, testInfo, templatePath);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context.storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  await admin.context.close();
  const page = await context.newPage();
  await page.goto(templatePath);
  await expect(page.getByRole("term").filter({ hasText: "{status_link}" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Insert/ })).toHaveCount(0);

  const body = page.getByLabel("Message");
  const typed = `${await body.inputValue()}\n\nP.S. {conference} was a pleasure to plan.`;
  await body.fill(typed);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(successMessage(page, "is not saved yet")).toBeVisible();
  await expect(preview(page)).toContainText("P.S. SCULC 2025 was a pleasure to plan.");
  await expect(body).toHaveValue(typed);

  await page.getByLabel("Subject").fill("About {abstract}");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("Subject")).toHaveAccessibleDescription(
    /^\{abstract\} is not a placeholder of this message: use one of \{name\}/,
  );
  await expect(page.getByLabel("Subject")).toHaveValue("About {abstract}");
  await expect(body).toHaveValue(typed);
  await context.close();
});

test("with its script the preview follows the typing and Insert writes where the cursor was, with nothing posted", async ({
  browser,
}, testInfo) => {
  const admin = await adminSession(browser, testInfo, templatePath);
  const { page } = admin;
  // A document: no framework runs; the page's own script does this.
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await expect(
    page.getByText("as listed, or press Insert to put it where the cursor is."),
  ).toBeVisible();

  // Nothing focused yet: Insert writes into the message, where its cursor is, and focuses it.
  const body = page.getByLabel("Message");
  const before = await body.inputValue();
  await page.getByRole("button", { name: "Insert {abstracts}" }).click();
  await expect(body).toBeFocused();
  expect((await body.inputValue()).length).toBe(before.length + "{abstracts}".length);

  // The cursor put in the middle of the message.
  await body.fill("Dear ,\n\nSee you at {conference}.");
  await body.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(5, 5));
  await page.getByRole("button", { name: "Insert {name}" }).click();
  await expect(body).toHaveValue("Dear {name},\n\nSee you at {conference}.");
  await page.keyboard.type("!");
  await expect(body).toHaveValue("Dear {name}!,\n\nSee you at {conference}.");

  // The subject, last used, takes the next one.
  await page.getByLabel("Subject").fill("About ");
  await page.getByRole("button", { name: "Insert {conference}" }).click();
  await expect(page.getByLabel("Subject")).toHaveValue("About {conference}");

  // The preview is filled in as the fields change, and says what is wrong as soon as it is typed.
  await expect(preview(page)).toContainText("Subject: About SCULC 2025");
  await expect(preview(page)).toContainText("See you at SCULC 2025.");
  await expect(preview(page)).not.toContainText("{");
  await body.pressSequentially(" {titel");
  await expect(preview(page)).toContainText("No preview until this is fixed:");
  await body.press("}");
  await expect(preview(page)).toContainText(
    "No preview until this is fixed: {titel} is not a placeholder of this message",
  );
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
  await admin.context.close();
});
