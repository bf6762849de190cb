import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import {
  adminSession,
  apiAccount,
  apiUpload,
  randomToken,
  someone,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";
import { countMail, linkTo, waitForMail } from "./support/mailbox";
import { withProjectDatabase } from "./support/review-database";

// Issue 24, writing to a group: an admin writes one message with placeholders to "Presenters who have
// not answered", previews it, sends it, and each presenter gets one copy filled in for them; a replay of
// the send form sends nothing more. The group also holds other tests' presenters (one server for every
// spec): this spec looks only at its own people, by a subject carrying its token, and its subject
// shares no words with the subjects other specs count ("Reminder", "Action required").

const writePage = "/user-data/mail/write";
const group = "Presenters who have not answered";

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

/**
 * A presenter waiting to answer: an account with `abstracts` uploaded abstracts, accepted and
 * released as the decisions page would leave them (the decisions specs test that page).
 */
async function waitingPresenter(testInfo: TestInfo, prefix: string, abstracts: number) {
  const person = someone(prefix, testInfo);
  const api = await apiAccount(testInfo, person);
  const ids: string[] = [];
  for (let index = 0; index < abstracts; index++)
    ids.push(await apiUpload(api, `${prefix}-${randomToken()}.pdf`));
  await api.dispose();
  await withProjectDatabase(testInfo, async ({ db }) => {
    const now = new Date().toISOString();
    await db
      .updateTable("submission")
      .set({ decision: "accepted", accepted_as: "talk", decided_at: now, released_at: now })
      .where("id", "in", ids)
      .execute();
  });
  return person;
}

/** The send form's fields as the preview drew them, to post them again. */
async function sendFormFields(page: Page): Promise<Record<string, string>> {
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: /^Send to/ }) });
  const fields: Record<string, string> = { intent: "send" };
  for (const input of await form.locator('input[type="hidden"]').all())
    fields[(await input.getAttribute("name")) ?? ""] = (await input.inputValue()) ?? "";
  return fields;
}

async function checkLayout(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test("an admin writes to a group with placeholders, previews, sends once; each person gets one copy", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = randomToken();
  const [twice, once, admin] = await Promise.all([
    waitingPresenter(testInfo, "group-twice", 2),
    waitingPresenter(testInfo, "group-once", 1),
    adminSession(browser, testInfo, writePage),
  ]);
  const page = admin.page;
  await page.goto(writePage);
  await expect(page.getByRole("heading", { name: "Write to a group", level: 1 })).toBeVisible();
  await checkLayout(page, testInfo, "write-empty");

  // A placeholder the group's message cannot fill is refused by name; the text stays as typed.
  const subject = `Group note ${token} for {name}`;
  await page.getByLabel(new RegExp(`^${group} \\(`)).check();
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Dear {name}, see {review_link}.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `{review_link} is not a placeholder a message to “${group}” can fill`,
  );
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(subject);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
    "Dear {name}, see {review_link}.",
  );
  await expect(page.getByLabel(new RegExp(`^${group} \\(`))).toBeChecked();

  const body = [
    "Dear {name},",
    "This goes to {full_name} at {email} about {conference}: <b>{{not a placeholder}}</b>.",
    "Please answer on {congratulations_link}",
  ].join("\n\n");
  await page.getByLabel("Message", { exact: true }).fill(body);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(/^Preview\s*As \S+@\S+ will get it\./);
  // The answer's preview is read first: the page loads with its heading focused.
  await expect(preview.getByRole("heading", { name: "Preview" })).toBeFocused();
  await expect(preview).toContainText(`Group note ${token} for`);
  await expect(preview).toContainText("<b>{not a placeholder}</b>");
  const send = preview.getByRole("button", { name: /^Send to \d+ people$/ });
  await expect(send).toBeVisible();
  const previewed = Number(/\d+/.exec((await send.textContent()) ?? "")?.[0]);
  expect(previewed).toBeGreaterThanOrEqual(2);
  await checkLayout(page, testInfo, "write-preview");

  const replay = await sendFormFields(page);
  await send.click();
  await expect(
    successMessage(
      page,
      new RegExp(`^Your message to “${group}” was queued successfully for \\d+ people`),
    ),
  ).toBeVisible();
  // The form starts again empty.
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
  await expect(preview).toHaveCount(0);
  await checkLayout(page, testInfo, "write-sent");

  for (const person of [twice, once]) {
    const mail = await waitForMail(person.email, { subject: token });
    expect(mail.subject).toBe(`Group note ${token} for ${person.firstName}`);
    expect(mail.text).toContain(`Dear ${person.firstName},`);
    expect(mail.text).toContain(
      `This goes to ${person.firstName} ${person.lastName} at ${person.email} about SCULC 2025: <b>{not a placeholder}</b>.`,
    );
    expect(linkTo(mail, "/sculc/congratulations-page")).toBeTruthy();
  }

  // A replay of the send form (the same preview's token) is refused and queues nothing.
  const replayed = await page.request.post(writePage, { multipart: replay });
  expect(replayed.status()).toBe(409);
  expect(await replayed.text()).toContain("This message was already sent from this preview");
  // Give a second copy the time the first took to arrive, then count: one each, two abstracts or one.
  await page.waitForTimeout(2_000);
  expect(await countMail(twice.email, token)).toBe(1);
  expect(await countMail(once.email, token)).toBe(1);
  await admin.context.close();
});

test("without JavaScript the page previews and sends the same way", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = randomToken();
  const [person, admin] = await Promise.all([
    waitingPresenter(testInfo, "group-nojs", 1),
    adminSession(browser, testInfo, writePage),
  ]);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.context.storageState(),
    viewport: testInfo.project.use.viewport ?? undefined,
  });
  await admin.context.close();
  const page = await context.newPage();
  await page.goto(writePage);
  await page.getByLabel("Subject", { exact: true }).fill(`No script ${token}`);
  await page.getByLabel("Message", { exact: true }).fill("Hello {name}.");
  // No group chosen: refused, and what was typed stays.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose who gets the message.");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Hello {name}.");
  await page.getByLabel(new RegExp(`^${group} \\(`)).check();
  await page.getByRole("button", { name: "Preview" }).click();
  const send = page.getByRole("button", { name: /^Send to \d+ people$/ });
  await expect(send).toBeVisible();
  await send.click();
  await expect(successMessage(page, /queued successfully/)).toBeVisible();
  const mail = await waitForMail(person.email, { subject: token });
  expect(mail.text.trim()).toBe(`Hello ${person.firstName}.`);
  await context.close();
});
