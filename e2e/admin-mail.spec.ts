import crypto from "node:crypto";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import { adminSession, apiAccount, signedInAdmin, someone, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";
import { linkTo, waitForMail } from "./support/mailbox";
import { withProjectDatabase } from "./support/review-database";
import { withServerLock } from "./support/server-lock";

// The organisers' mail page (/user-data/mail): what the site sent, what waits, what failed, and
// retrying. Failed messages are rows written straight into the server's database (the test mail server
// takes every address); "Retry all failed" retries anyone's, so the failing tests run under the
// "failed-mail" lock, and every failed row they write is retried and sent before the lock is given back.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

async function expectReadableOnThisScreen(page: Page) {
  expect(await elementsWiderThanViewport(page)).toEqual([]);
  await expectNoAxeViolations(page);
}

function card(page: Page, recipient: string) {
  return page.getByRole("listitem").filter({ hasText: recipient });
}

/**
 * A message the mail server refused for good, written as the sender records one; or (`waiting`) a
 * decision message that could not reach the mail server and waits an hour for its next attempt.
 */
async function insertFailedMessage(
  testInfo: TestInfo,
  recipient: string,
  subject: string,
  waiting?: { error: string },
) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const error = waiting?.error ?? "550 5.1.1 Mailbox unavailable (e2e)";
  await withProjectDatabase(testInfo, async ({ db }) => {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("mail_outbox")
        .values({
          id,
          message_id: `<${id}@e2e.test>`,
          kind: waiting ? "decision" : "group",
          cause: "Written by the e2e test",
          recipient,
          subject,
          text_body: `Dear reader,\n\n${subject}.\n`,
          html_body: null,
          shown_text: `Dear reader,\n\n${subject}.\n`,
          state: waiting ? "queued" : "failed",
          attempts: 1,
          next_attempt_at: waiting ? new Date(Date.now() + 60 * 60_000).toISOString() : now,
          lease_until: null,
          leased_by: null,
          last_error: error,
          created_at: now,
          sent_at: null,
        })
        .execute();
      await trx
        .insertInto("mail_attempt")
        .values({
          id: crypto.randomUUID(),
          outbox_id: id,
          attempted_at: now,
          outcome: waiting ? "retry" : "failed",
          response: error,
          sender: "e2e",
        })
        .execute();
    });
  });
  return id;
}

test("an admin reads the verification mail the site sent, without its link, filtered and in detail", async ({
  browser,
}, testInfo) => {
  const person = someone("mail-log", testInfo);
  const api = await apiAccount(testInfo, person);
  await api.dispose();
  const sent = await waitForMail(person.email, { subject: "Verify your email address" });
  const token = new URL(linkTo(sent, "/verify-email")).searchParams.get("token") ?? "";
  expect(token.length).toBeGreaterThan(10);

  const admin = await adminSession(browser, testInfo, "/user-data/mail");
  const { page } = admin;
  await expect(page.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Mail" }),
  ).toHaveAttribute("aria-current", "page");
  const mailPages = page.getByRole("navigation", { name: "Mail pages" });
  await expect(mailPages.getByRole("link", { name: "Messages" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(mailPages.getByRole("link", { name: "Templates" })).toHaveAttribute(
    "href",
    "/user-data/mail/templates",
  );
  await expect(mailPages.getByRole("link", { name: "Write to a group" })).toHaveAttribute(
    "href",
    "/user-data/mail/write",
  );

  const filters = page.getByRole("form", { name: "Filter messages" });
  await filters.getByLabel("State").selectOption("sent");
  await filters.getByLabel("Kind").selectOption({ label: "Email verification" });
  await filters.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(at("/user-data/mail?state=sent&kind=account-verification"));
  await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toContainText(
    "(sent, of the kind “Email verification”)",
  );
  const message = card(page, person.email);
  await expect(message).toContainText("Email verification");
  await expect(message).toContainText("Sent");
  await expect(message).toContainText("CauseRegistration");
  expect(await page.content()).not.toContain(token);
  await expectReadableOnThisScreen(page);
  await page.screenshot({ path: testInfo.outputPath("mail-list.png"), fullPage: true });

  await message.getByRole("link", { name: /Verify your email address/ }).click();
  await expect(page).toHaveURL(/\/user-data\/mail\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Verify your email address");
  const facts = page.getByRole("region", { name: "The message" });
  await expect(facts).toContainText(person.email);
  await expect(facts).toContainText(/Message-ID\s*<[\w-]+@/);
  const text = page.getByRole("region", { name: "Text" });
  await expect(text).toContainText("Please confirm your email address");
  await expect(text).toContainText("[link sent: not shown, it opens the account]");
  await expect(page.getByRole("region", { name: "Attempts" })).toContainText("Sent");
  expect(await page.content()).not.toContain(token);
  await expectReadableOnThisScreen(page);
  await page.screenshot({ path: testInfo.outputPath("mail-details.png"), fullPage: true });
  await admin.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a plain GET form", async ({ page }, testInfo) => {
    await signedInAdmin(page, testInfo, "/user-data/mail");
    await page.getByLabel("Kind").selectOption({ label: "Email verification" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(at("/user-data/mail?state=all&kind=account-verification"));
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toContainText(
      "of the kind “Email verification”",
    );
  });
});

test("a failed message is retried once, then sent; the admin area said mail was failing", async ({
  browser,
}, testInfo) => {
  const recipient = someone("mail-failed", testInfo).email;
  const subject = `A failed message ${crypto.randomBytes(3).toString("hex")}`;
  const admin = await adminSession(browser, testInfo, "/user-data");
  const { page } = admin;
  await withServerLock(testInfo, "failed-mail", async () => {
    const id = await insertFailedMessage(testInfo, recipient, subject);
    await page.goto("/user-data");
    const notice = page.getByRole("region", { name: "Mail is failing" });
    await expect(notice).toContainText(/failed in the last 24 hours/);
    await page.screenshot({ path: testInfo.outputPath("mail-notice.png") });
    await notice.getByRole("link", { name: "See the failed messages" }).click();
    await expect(page).toHaveURL(at("/user-data/mail?state=failed"));

    const message = card(page, recipient);
    await expect(message).toContainText("Failed");
    await expect(message).toContainText("550 5.1.1 Mailbox unavailable (e2e)");
    await expectReadableOnThisScreen(page);
    await page.screenshot({ path: testInfo.outputPath("mail-failed.png"), fullPage: true });
    await message.getByRole("button", { name: `Retry the message to ${recipient}` }).click();
    await expect(
      successMessage(page, `The message to ${recipient} was queued again successfully`),
    ).toBeVisible();
    await waitForMail(recipient, { subject });

    // A replay of the same post (a double click without JavaScript) queues nothing twice.
    const replay = await page.request.post("/user-data/mail", {
      form: { intent: "retry", messageId: id, attempts: "1" },
    });
    expect(replay.status()).toBe(409);
    expect(await replay.text()).toContain("was already retried");

    await page.goto(`/user-data/mail/${id}`);
    await expect(page.getByRole("region", { name: "The message" })).toContainText("Sent");
    const attempts = page.getByRole("region", { name: "Attempts" }).getByRole("listitem");
    await expect(attempts).toHaveCount(2);
    await expect(attempts.first()).toContainText("550 5.1.1 Mailbox unavailable (e2e)");
    await expect(attempts.last()).toContainText("Sent");
    await expect(page.getByRole("region", { name: "Mail is failing" })).toHaveCount(0);
  });
  await admin.context.close();
});

test("retry all failed asks first, says how many, and retries each once", async ({
  browser,
}, testInfo) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const recipients = [1, 2].map((n) => someone(`mail-all${n}`, testInfo).email);
  const admin = await adminSession(browser, testInfo, "/user-data");
  const { page } = admin;
  await withServerLock(testInfo, "failed-mail", async () => {
    for (const recipient of recipients)
      await insertFailedMessage(testInfo, recipient, `Retried with the rest ${tag}`);
    await page.goto("/user-data/mail?state=failed");
    await page.getByRole("link", { name: "Retry all failed messages…" }).click();
    const confirm = page.getByRole("region", { name: /^Retry all \d+ failed messages\?$/ });
    await expect(confirm).toBeVisible();
    const count = Number(/\d+/.exec((await confirm.getByRole("heading").innerText()) ?? "")?.[0]);
    expect(count).toBeGreaterThanOrEqual(2);
    await expectReadableOnThisScreen(page);
    await page.screenshot({ path: testInfo.outputPath("mail-retry-all.png"), fullPage: true });
    const shownAt = await confirm.locator('input[name="shownAt"]').inputValue();
    await confirm.getByRole("button", { name: `Retry ${count} failed messages` }).click();
    await expect(
      successMessage(page, `${count} failed messages were queued again successfully`),
    ).toBeVisible();
    await expect(page).toHaveURL(at("/user-data/mail"));
    for (const recipient of recipients)
      await waitForMail(recipient, { subject: `Retried with the rest ${tag}` });

    const replay = await page.request.post("/user-data/mail", {
      form: { intent: "retry-all", shownAt },
    });
    expect(replay.status()).toBe(409);
    expect(await replay.text()).toContain("There were no failed messages left to retry");
  });
  await page.goto("/user-data/audit");
  await expect(
    page.getByRole("cell", { name: "Retried every failed email" }).first(),
  ).toBeVisible();
  await admin.context.close();
});

test("the decisions page says while decision messages still wait, and links to them", async ({
  browser,
}, testInfo) => {
  const recipient = someone("mail-decision", testInfo).email;
  const admin = await adminSession(browser, testInfo, "/user-data");
  const { page } = admin;
  const id = await insertFailedMessage(testInfo, recipient, "Your SCULC abstract", {
    error: "connect ECONNREFUSED 127.0.0.1:2525",
  });
  try {
    await page.goto("/user-data/submissions");
    const notice = page
      .getByRole("status")
      .filter({ hasText: /decision messages? (is|are) still waiting to be sent/ });
    await expect(notice).toBeVisible();
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("decisions-waiting.png") });
    await notice.getByRole("link", { name: "See the waiting decision messages" }).click();
    await expect(page).toHaveURL(at("/user-data/mail?state=waiting&kind=decision"));
    const message = card(page, recipient);
    await expect(message).toContainText("Waiting");
    await expect(message).toContainText("Next attempt");
    await expect(message).toContainText("connect ECONNREFUSED 127.0.0.1:2525");
    await expectReadableOnThisScreen(page);
  } finally {
    // Never sent: gone before another test counts the decision messages waiting.
    await withProjectDatabase(testInfo, ({ db }) =>
      db.deleteFrom("mail_outbox").where("id", "=", id).execute(),
    );
    await admin.context.close();
  }
});
