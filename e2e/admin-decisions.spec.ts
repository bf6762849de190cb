import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  adminSession,
  apiAccount,
  apiUpload,
  authorCard,
  randomToken,
  releaseDecisions,
  shareSession,
  someone,
  successMessage,
} from "./support/admin";
import { countMail, linkTo, waitForMail } from "./support/mailbox";
import { withServerLock } from "./support/server-lock";

// Decisions on abstracts and their release: accepting, rejecting and undoing, and the emails and pages
// the authors get. Releasing sends every staged decision, anyone's, so it runs under the "decisions"
// lock; the shared helpers are in support/admin.ts.

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

/** An author with a new abstract, signed in on `page`, and an admin in a browser of their own. */
async function authorAndAdmin(page: Page, browser: Browser, testInfo: TestInfo, prefix: string) {
  const fileName = `${prefix}-${randomToken()}.pdf`;
  const author = someone(prefix, testInfo);
  const [admin] = await Promise.all([
    adminSession(browser, testInfo, "/user-data/submissions"),
    (async () => {
      const api = await apiAccount(testInfo, author);
      await apiUpload(api, fileName);
      await shareSession(page, api);
      await api.dispose();
    })(),
  ]);
  return { fileName, authorEmail: author.email, admin, card: adminCard(admin.page, fileName) };
}

test("accept, then release: the author gets one email and is led to the congratulations page", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, authorEmail, admin, card } = await authorAndAdmin(
    page,
    browser,
    testInfo,
    "accepted",
  );
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await expect(card).toContainText(authorEmail);
    await card.getByLabel("Note (optional)").fill("Clear data, strong argument");
    await card.getByRole("button", { name: `Accept as talk ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await releaseDecisions(admin.page, fileName, "Accepted as a talk");
  });
  await expect(card).toContainText("Note: Clear data, strong argument");
  await expect(card.getByRole("button")).toHaveCount(0);
  await admin.page.goto("/user-data/submissions?status=accepted");
  await expect(card).toBeVisible();
  await admin.context.close();

  const mail = await waitForMail(authorEmail, {
    subject: "Action required: confirm your SCULC presentation",
  });
  expect(mail.text).toContain(`${fileName}: accepted as a talk`);
  // Once (a reminder to confirm, from the presenters spec in another worker, may come on its own).
  expect(await countMail(authorEmail, "Action required")).toBe(1);

  await page.goto(linkTo(mail, "/sculc/congratulations-page"));
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await page.goto("/sculc-2025");
  await page.getByRole("link", { name: "View Submission Status" }).click();
  await expect(page).toHaveURL(at("/sculc/congratulations-page"));
  await expect(page.getByRole("heading", { name: "Congratulations!" })).toBeVisible();
  await page.goto("/sculc/view-submission");
  await expect(authorCard(page, fileName)).toContainText("Status: Accepted");
  await expect(page.getByRole("button", { name: `Delete ${fileName}` })).toHaveCount(0);
});

test("a staged decision is not shown to the author, and can be undone", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, admin, card } = await authorAndAdmin(page, browser, testInfo, "pending");
  const filters = admin.page.getByRole("navigation", { name: "Filter submissions" });

  // Under the lock no other test releases decisions, so this one stays staged until it is undone.
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await expect(card).toContainText("Status: Undecided");
    await card.getByRole("button", { name: `Reject ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(
      admin.page.getByRole("button", { name: /^Release \d+ decisions?$/ }),
    ).toBeEnabled();

    await page.goto("/sculc/view-submission");
    await expect(authorCard(page, fileName)).toContainText("Status: Being processed");

    await filters.getByRole("link", { name: "Decided, not released" }).click();
    await expect(admin.page).toHaveURL(at("/user-data/submissions?status=staged"));
    await expect(filters.getByRole("link", { name: "Decided, not released" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(filters.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(card).toContainText("Status: Rejected, not released yet");
    await card.getByRole("button", { name: `Undo the decision on ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision undone successfully.")).toBeVisible();
    await expect(card).toHaveCount(0);
  });
  await filters.getByRole("link", { name: "Undecided" }).click();
  await expect(admin.page).toHaveURL(at("/user-data/submissions?status=undecided"));
  await expect(card).toContainText("Status: Undecided");
  await expect(card.getByRole("button", { name: `Accept as talk ${fileName}` })).toBeVisible();
  await admin.context.close();
});

test("reject, then release: the author gets the not-accepted email and sees Not accepted", async ({
  page,
  browser,
}, testInfo) => {
  const { fileName, authorEmail, admin, card } = await authorAndAdmin(
    page,
    browser,
    testInfo,
    "declined",
  );
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    await card.getByRole("button", { name: `Reject ${fileName}` }).click();
    await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    await releaseDecisions(admin.page, fileName, "Rejected");
  });
  await admin.page.goto("/user-data/submissions?status=rejected");
  await expect(card).toContainText("Status: Rejected, released");
  await admin.context.close();

  const mail = await waitForMail(authorEmail, {
    subject: "Your SCULC 2025 abstract was not accepted",
  });
  expect(mail.text).toContain(`${fileName}: not accepted`);
  // The verification, the upload's receipt and this decision: nothing else.
  expect(await countMail(authorEmail)).toBe(3);

  await page.goto(linkTo(mail, "/sculc/view-submission"));
  await expect(authorCard(page, fileName)).toContainText("Status: Not accepted");
  await expect(page.getByRole("button", { name: `Delete ${fileName}` })).toHaveCount(0);
  await page.goto("/sculc/congratulations-page");
  await expect(page).toHaveURL(at("/sculc/view-submission"));
  await page.goto("/sculc-2025");
  await page.getByRole("link", { name: "View Submission Status" }).click();
  await expect(page).toHaveURL(at("/sculc/view-submission"));
});
