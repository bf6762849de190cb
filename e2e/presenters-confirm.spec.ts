import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  adminSession,
  apiAccount,
  apiUpload,
  authorCard,
  newSession,
  randomToken,
  releaseDecisions,
  someone,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, linkTo, waitForMail } from "./support/mailbox";
import { withProjectDatabase } from "./support/review-database";
import { withServerLock } from "./support/server-lock";

// Issue 13, deciding and confirming: accept as a talk, a poster or an alternate; the release mails
// (co-authors included, once each); the presenter's confirm/decline on the congratulations page; the
// presenters admin page (answers, one reminder, promotion, reopening, the dates).

test.beforeEach(async ({ context }) => {
  await useOwnClientAddress(context);
});

const acceptedSubject = "Action required: confirm your SCULC presentation";
const presenters = "/user-data/presenters";
/** Far enough ahead that answers are open; every test that needs them open sets this same date. */
const openUntil = "2031-04-15T23:59";

async function setConfirmBy(page: Page, value: string) {
  await page.goto(presenters);
  await page.getByLabel("Confirm or decline by (Pacific Time)").fill(value);
  await page.getByRole("button", { name: "Save the dates" }).click();
  await expect(successMessage(page, "The presenter dates were saved successfully.")).toBeVisible();
}

/** An author with one uploaded abstract: their request context and the file's name and id. */
async function author(testInfo: TestInfo, prefix: string) {
  const person = someone(prefix, testInfo);
  const api = await apiAccount(testInfo, person);
  const fileName = `${prefix}-${randomToken()}.pdf`;
  const id = await apiUpload(api, fileName);
  return { person, api, fileName, id };
}

async function pageFor(browser: Browser, author: { api: Parameters<typeof newSession>[1] }) {
  return newSession(browser, author.api);
}

/** Co-authors as the submit form stores them (it is not on this branch): positions 1.. */
async function addCoAuthors(
  testInfo: TestInfo,
  submissionId: string,
  coAuthors: { name: string; email: string | null }[],
) {
  await withProjectDatabase(testInfo, async ({ db }) => {
    for (const [index, coAuthor] of coAuthors.entries()) {
      await db
        .insertInto("submission_author")
        .values({
          submission_id: submissionId,
          position: index + 1,
          user_id: null,
          name: coAuthor.name,
          affiliation: "",
          email: coAuthor.email,
          is_presenter: 0,
        })
        .execute();
    }
  });
}

test("accept as talk, poster and alternate; mails to every author once; confirm, decline, promote, remind", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const [admin, talk, poster, alternate, other] = await Promise.all([
    adminSession(browser, testInfo, presenters),
    author(testInfo, "talk"),
    author(testInfo, "poster"),
    author(testInfo, "alternate"),
    apiAccount(testInfo, someone("other", testInfo)),
  ]);
  const coAuthor = `co-${randomToken()}@e2e.test`;
  // A confirmed co-author: her verified account holds the address and her name (only such co-authors
  // are mailed; an address anyone could type is not).
  await apiAccount(testInfo, { firstName: "Zoë", lastName: "Ŋguyen-ʔa", email: coAuthor });
  await addCoAuthors(testInfo, talk.id, [
    { name: "Zoë Ŋguyen-ʔa", email: coAuthor },
    // The submitter again, and the co-author again, in other cases: nobody gets two mails.
    { name: "Same Person", email: talk.person.email.toUpperCase() },
    { name: "Zoë again", email: coAuthor.toUpperCase() },
    { name: "No Address", email: null },
  ]);

  await setConfirmBy(admin.page, openUntil);
  await expect(admin.page.getByText("Presenters answer by Tuesday, April 15, 2031")).toBeVisible();

  // Decide: one of each, then release.
  await withServerLock(testInfo, "decisions", async () => {
    await admin.page.goto("/user-data/submissions?status=undecided");
    for (const [who, button] of [
      [talk, "Accept as talk"],
      [poster, "Accept as poster"],
      [alternate, "Alternate"],
    ] as const) {
      await adminCard(admin.page, who.fileName)
        .getByRole("button", { name: `${button} ${who.fileName}` })
        .click();
      // The first decision's message is still up when the next is pressed: wait for this card to
      // leave the undecided list, or the staged page may load before the decision is saved.
      await expect(adminCard(admin.page, who.fileName)).toHaveCount(0);
      await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
    }
    await admin.page.goto("/user-data/submissions?status=staged");
    await expect(adminCard(admin.page, talk.fileName)).toContainText(
      "Status: Accepted as a talk, not released yet",
    );
    await expect(adminCard(admin.page, poster.fileName)).toContainText(
      "Status: Accepted as a poster, not released yet",
    );
    await expect(adminCard(admin.page, alternate.fileName)).toContainText(
      "Status: Alternate, not released yet",
    );
    await releaseDecisions(admin.page, talk.fileName, "Accepted as a talk");
  });

  // The mails: per outcome, to the submitter and each co-author address once.
  const talkMail = await waitForMail(talk.person.email, { subject: acceptedSubject });
  expect(talkMail.text).toContain(
    `${talk.fileName}: accepted as a talk (15 minutes plus 5 minutes of questions)`,
  );
  expect(talkMail.text).toContain("Tuesday, April 15, 2031");
  const coMail = await waitForMail(coAuthor, { subject: acceptedSubject });
  expect(coMail.text).toContain("Dear Zoë Ŋguyen-ʔa,");
  expect(linkTo(coMail, "/sculc/congratulations-page")).toBeTruthy();
  expect(await countMail(coAuthor, acceptedSubject)).toBe(1);
  expect(await countMail(talk.person.email, acceptedSubject)).toBe(1);
  const posterMail = await waitForMail(poster.person.email, { subject: acceptedSubject });
  expect(posterMail.text).toContain(`${poster.fileName}: accepted as a poster`);
  const waitMail = await waitForMail(alternate.person.email, { subject: "waiting list" });
  expect(waitMail.text).toContain(`${alternate.fileName}: an alternate (on the waiting list)`);
  expect(await countMail(alternate.person.email, acceptedSubject)).toBe(0);

  // The talk's presenter confirms (with JavaScript).
  const talkPage = (await pageFor(browser, talk)).page;
  await talkPage.goto(linkTo(talkMail, "/sculc/congratulations-page"));
  const talkCard = talkPage.getByRole("listitem").filter({ hasText: talk.fileName });
  await expect(talkCard).toContainText("Talk: 15 minutes plus 5 minutes of questions");
  await expect(talkCard).toContainText("Presentation session");
  await expect(talkCard).toContainText("We are waiting for your answer");
  await expect(talkCard).toContainText("Final materials due");
  await expectNoAxeViolations(talkPage);
  await talkPage.screenshot({
    path: testInfo.outputPath("congratulations-waiting.png"),
    fullPage: true,
  });
  await talkCard.getByRole("button", { name: `Confirm attendance for ${talk.fileName}` }).click();
  await expect(
    talkPage.getByRole("status").filter({ hasText: "your attendance for" }),
  ).toContainText("is confirmed");
  await expect(talkCard).toContainText("You confirmed your attendance");
  await expectNoAxeViolations(talkPage);
  await talkPage.goto("/sculc/view-submission");
  await expect(authorCard(talkPage, talk.fileName)).toContainText("Status: Accepted as a talk");

  // Nobody else answers for it: another account gets 404, and its answer changes nothing.
  const snooped = await other.post("/sculc/congratulations-page", {
    form: { intent: "decline", submissionId: talk.id },
    maxRedirects: 0,
  });
  expect(snooped.status()).toBe(404);
  expect(await snooped.text()).not.toContain(talk.fileName);
  // Nor may a member act as an admin.
  const adminForms: Record<string, string>[] = [
    { intent: "promote", submissionId: alternate.id, acceptedAs: "talk" },
    { intent: "reopen", submissionId: talk.id },
    { intent: "remind" },
  ];
  for (const form of adminForms) {
    const response = await other.post(presenters, { form, maxRedirects: 0 });
    expect(response.status(), form.intent).toBe(403);
  }
  // The alternate has no congratulations page until promoted.
  const alternatePage = (await pageFor(browser, alternate)).page;
  await alternatePage.goto("/sculc/congratulations-page");
  await expect(alternatePage).toHaveURL(at("/sculc/view-submission"));
  await expect(authorCard(alternatePage, alternate.fileName)).toContainText("Status: Alternate");
  const alternateAnswer = await alternate.api.post("/sculc/congratulations-page", {
    form: { intent: "confirm", submissionId: alternate.id },
    maxRedirects: 0,
  });
  expect(alternateAnswer.status()).toBe(404);

  // The poster's presenter, without JavaScript: decline through a confirmation step, change their
  // mind, then decline for good. Admins are told of each decline.
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await poster.api.storageState(),
  });
  const posterPage = await noJs.newPage();
  await posterPage.goto(new URL("/sculc/congratulations-page", testInfo.project.use.baseURL).href);
  const posterCard = posterPage.getByRole("listitem").filter({ hasText: poster.fileName });
  await expect(posterCard).toContainText("Poster session");
  const adminDeclines = await countMail(admin.email, "was declined");
  await posterCard.getByRole("button", { name: `Decline ${poster.fileName}` }).click();
  await expect(
    posterPage.getByRole("heading", { name: `Decline presenting “${poster.fileName}”?` }),
  ).toBeVisible();
  // (axe needs JavaScript in the page; the same step is checked with it in the next test.)
  await posterPage.screenshot({ path: testInfo.outputPath("congratulations-decline-step.png") });
  await posterPage.getByRole("button", { name: "Yes, decline" }).click();
  await expect(
    posterPage.getByRole("status").filter({ hasText: "you will not present" }),
  ).toBeVisible();
  await expect(posterCard).toContainText("You declined");
  const declined = await waitForMail(admin.email, {
    subject: "was declined",
    after: adminDeclines,
  });
  expect(declined.text).toContain(`${poster.person.email} declined to present abstract`);
  expect(declined.text).toContain(poster.fileName);
  expect(linkTo(declined, presenters)).toBeTruthy();
  await posterCard
    .getByRole("button", { name: `Confirm attendance for ${poster.fileName}` })
    .click();
  await expect(posterCard).toContainText("You confirmed your attendance");
  await posterCard.getByRole("button", { name: `Decline ${poster.fileName}` }).click();
  await posterPage.getByRole("button", { name: "Yes, decline" }).click();
  await expect(posterCard).toContainText("You declined");
  // A replayed decline is answered, and mails nobody again.
  const replay = await poster.api.post("/sculc/congratulations-page", {
    form: { intent: "decline", submissionId: poster.id },
  });
  expect(replay.status()).toBe(200);
  await noJs.close();

  // The admin sees the answers, and promotes the alternate as a talk.
  await admin.page.goto(presenters);
  const row = (fileName: string) => admin.page.getByRole("row").filter({ hasText: fileName });
  await expect(row(talk.fileName)).toContainText("Confirmed");
  await expect(row(poster.fileName)).toContainText("Declined");
  const alternates = admin.page.getByRole("region", { name: "Alternates (waiting list)" });
  const alternateItem = alternates.getByRole("listitem").filter({ hasText: alternate.fileName });
  await expect(alternateItem).toBeVisible();
  await expectNoAxeViolations(admin.page);
  // Nothing widens the page past the screen (a phone would zoom out, and taps would land elsewhere).
  expect(
    await admin.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await admin.page.screenshot({
    path: testInfo.outputPath("presenters-admin.png"),
    fullPage: true,
  });
  await alternateItem.getByRole("button", { name: /^Promote abstract \d+$/ }).click();
  await expect(successMessage(admin.page, /was promoted to a talk successfully/)).toBeVisible();
  await expect(row(alternate.fileName)).toContainText("Waiting");
  const promotedMail = await waitForMail(alternate.person.email, { subject: acceptedSubject });
  expect(promotedMail.text).toContain(`${alternate.fileName}: accepted as a talk`);

  // The reminder goes only to those still waiting: the promoted alternate, not the two who answered.
  const before = {
    talk: await countMail(talk.person.email, "Reminder"),
    poster: await countMail(poster.person.email, "Reminder"),
  };
  const remind = admin.page.getByRole("button", { name: "Send a reminder to everyone waiting" });
  // Another worker's run of this test may have reminded everyone waiting a moment ago.
  if (await remind.isEnabled()) {
    await remind.click();
    // "Nobody is waiting..." has no "success" in it, so it shows as an alert: only a message
    // containing "success" is styled and announced as one.
    await expect(
      admin.page
        .locator("[role=status], [role=alert]")
        .filter({ hasText: /^(Reminded \d+ presenters? successfully|Nobody is waiting)/ }),
    ).toBeVisible();
  }
  const reminder = await waitForMail(alternate.person.email, { subject: "Reminder" });
  expect(reminder.text).toContain(alternate.fileName);
  await expect(row(alternate.fileName)).toContainText("Reminded");
  expect(await countMail(talk.person.email, "Reminder")).toBe(before.talk);
  expect(await countMail(poster.person.email, "Reminder")).toBe(before.poster);

  // The promoted alternate confirms like everyone else.
  await alternatePage.goto(linkTo(promotedMail, "/sculc/congratulations-page"));
  const alternateCard = alternatePage.getByRole("listitem").filter({ hasText: alternate.fileName });
  await alternateCard
    .getByRole("button", { name: `Confirm attendance for ${alternate.fileName}` })
    .click();
  await expect(alternateCard).toContainText("You confirmed your attendance");
  await admin.page.goto(presenters);
  await expect(row(alternate.fileName)).toContainText("Confirmed");
  await admin.page.goto("/user-data/audit");
  await expect(
    admin.page.getByRole("cell", { name: "Promoted an alternate" }).first(),
  ).toBeVisible();
  await expect(admin.page.getByRole("cell", { name: "Reminded presenters" }).first()).toBeVisible();

  for (const each of [talk, poster, alternate]) await each.api.dispose();
  await other.dispose();
  await admin.context.close();
});

test(
  "after the confirm-by date the answer is frozen (409 on a replay) until an admin reopens it for one presenter",
  { tag: "@global-state" },
  async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const [admin, talk] = await Promise.all([
      adminSession(browser, testInfo, presenters),
      author(testInfo, "frozen"),
    ]);
    // The dates are the edition's: this test runs alone, last (tagged @global-state; see
    // playwright.config.ts), and puts back what it found.
    await withServerLock(testInfo, "presenter-dates", async () => {
      await admin.page.goto(presenters);
      const found = await admin.page
        .getByLabel("Confirm or decline by (Pacific Time)")
        .inputValue();
      await setConfirmBy(admin.page, openUntil);
      await withServerLock(testInfo, "decisions", async () => {
        await admin.page.goto("/user-data/submissions?status=undecided");
        await adminCard(admin.page, talk.fileName)
          .getByRole("button", { name: `Accept as poster ${talk.fileName}` })
          .click();
        await expect(successMessage(admin.page, "Decision saved successfully")).toBeVisible();
        await releaseDecisions(admin.page, talk.fileName, "Accepted as a poster");
      });
      const talkPage = (await pageFor(browser, talk)).page;
      await talkPage.goto("/sculc/congratulations-page");
      const card = talkPage.getByRole("listitem").filter({ hasText: talk.fileName });
      await card.getByRole("button", { name: `Confirm attendance for ${talk.fileName}` }).click();
      await expect(card).toContainText("You confirmed your attendance");

      // The date passes (moved through the admin form): the answer is read-only, a replay is refused.
      await setConfirmBy(admin.page, "2025-01-01T12:00");
      await talkPage.goto("/sculc/congratulations-page");
      await expect(card).toContainText("has passed, so this answer is final");
      await expect(card.getByRole("button")).toHaveCount(0);
      await expectNoAxeViolations(talkPage);
      await talkPage.screenshot({ path: testInfo.outputPath("congratulations-frozen.png") });
      const replay = await talk.api.post("/sculc/congratulations-page", {
        form: { intent: "decline", submissionId: talk.id },
      });
      expect(replay.status()).toBe(409);
      expect(await replay.text()).toContain("The date to confirm or decline has passed");
      await expect(
        admin.page.getByRole("button", { name: "Send a reminder to everyone waiting" }),
      ).toBeDisabled();

      // Reopened for this one presenter: they answer once, then it is frozen again.
      await admin.page.goto(presenters);
      const row = admin.page.getByRole("row").filter({ hasText: talk.fileName });
      await row.getByRole("button", { name: /^Reopen the answer for abstract \d+$/ }).click();
      await expect(successMessage(admin.page, /was reopened successfully/)).toBeVisible();
      await expect(row).toContainText("Reopened");
      await expectNoAxeViolations(admin.page);
      await talkPage.goto("/sculc/congratulations-page");
      await expect(card).toContainText("The organizers reopened your answer");
      await card.getByRole("button", { name: `Decline ${talk.fileName}` }).click();
      await expect(talkPage.getByRole("button", { name: "Yes, decline" })).toBeVisible();
      await expectNoAxeViolations(talkPage);
      await talkPage.getByRole("button", { name: "Yes, decline" }).click();
      await expect(card).toContainText("You declined");
      await expect(card.getByRole("button")).toHaveCount(0);
      const again = await talk.api.post("/sculc/congratulations-page", {
        form: { intent: "confirm", submissionId: talk.id },
      });
      expect(again.status()).toBe(409);

      await admin.page.goto(presenters);
      await admin.page.getByLabel("Confirm or decline by (Pacific Time)").fill(found);
      await admin.page.getByRole("button", { name: "Save the dates" }).click();
      await expect(
        successMessage(admin.page, "The presenter dates were saved successfully."),
      ).toBeVisible();
    });
    await admin.page.goto("/user-data/audit");
    await expect(
      admin.page.getByRole("cell", { name: "Reopened an answer" }).first(),
    ).toBeVisible();
    await expect(
      admin.page.getByRole("cell", { name: "Changed presenter dates" }).first(),
    ).toBeVisible();
    await talk.api.dispose();
    await admin.context.close();
  },
);
