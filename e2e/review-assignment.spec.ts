import { expect, test } from "@playwright/test";
import { useOwnClientAddress } from "./support/accounts";
import { apiAccount, apiUpload, randomToken, successMessage } from "./support/admin";
import { countMail, waitForMail } from "./support/mailbox";
import {
  assignmentCard,
  grantReviewer,
  newAdmin,
  person,
  reviewersAndAbstracts,
  reviewersOn,
} from "./support/review-admin";
import { withServerLock } from "./support/server-lock";

// The admin side of peer review, assigning: reviewers granted from the user table, automatic
// assignment, assigning and unassigning by hand, and reminders. Automatic assignment and reminders act
// on every abstract and reviewer of the edition, so they run under the "review-assignment" lock. The
// helpers are in support/review-admin.ts.

test.beforeEach(async ({ context }, testInfo) => {
  // Desktop and mobile share one server; the admin pages are checked at 375 px by the axe test in
  // review-admin.spec.ts.
  test.skip(testInfo.project.name === "mobile", "runs on the desktop and postgres projects");
  await useOwnClientAddress(context);
});

test("three reviewers granted from the user table; two per abstract automatically, never the author's own, loads within one", async ({
  browser,
}, testInfo) => {
  const token = randomToken();
  const [{ reviewers, files, firstReviewer }, admin] = await Promise.all([
    reviewersAndAbstracts(testInfo, token),
    newAdmin(browser, testInfo),
  ]);
  for (const reviewer of reviewers) await grantReviewer(admin.page, reviewer.email);

  const loads = await withServerLock(testInfo, "review-assignment", async () => {
    await admin.page.goto("/user-data/review");
    await admin.page.getByLabel("Reviewers per abstract").fill("2");
    await admin.page.getByRole("button", { name: "Assign automatically" }).click();
    await expect(
      successMessage(
        admin.page,
        /^Automatic assignment finished successfully: \d+ assignments? added\.$/,
      ),
    ).toBeVisible();
    const summary = admin.page.getByRole("region", { name: "What the automatic assignment did" });
    await expect(summary).toContainText("to reach 2 reviewers per abstract");
    const lines = await summary.getByRole("listitem").allInnerTexts();
    return reviewers.map((reviewer) => {
      const line = lines.find((text) => text.startsWith(`${reviewer.email}: `));
      return Number(line?.split(": ").at(-1));
    });
  });
  // Loads counted over the whole edition: other tests' abstracts are assigned too.
  expect(loads.every((load) => load >= 1)).toBe(true);
  expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);

  // The summary comes with the action's answer; the list under it follows with the loaders'
  // revalidation, so wait for it rather than read it once.
  for (const file of files) {
    await expect
      .poll(async () => (await reviewersOn(admin.page, file)).length, { message: file })
      .toBe(2);
  }
  // The first abstract is the first reviewer's own: never theirs to review, nor offered to them.
  expect(await reviewersOn(admin.page, files[0] ?? "")).not.toContain(firstReviewer.email);
  const firstCard = assignmentCard(admin.page, files[0] ?? "");
  await expect(
    firstCard.getByRole("option", {
      name: new RegExp(firstReviewer.email.replace(/[.+]/g, "\\$&")),
    }),
  ).toHaveCount(0);

  await admin.page.goto("/user-data/audit");
  await expect(
    admin.page.getByRole("cell", { name: "Assigned reviewers automatically" }).first(),
  ).toBeVisible();
  await expect(
    admin.page
      .getByRole("row")
      .filter({ hasText: "Made reviewer" })
      .filter({ hasText: firstReviewer.email }),
  ).toBeVisible();
  await admin.context.close();
});

test("assign and unassign by hand; reminders mail only reviewers with unfinished reviews, by number", async ({
  browser,
}, testInfo) => {
  const token = randomToken();
  const busy = person("busy", token, testInfo);
  const idle = person("idle", token, testInfo);
  const author = person("author", token, testInfo);
  const file = `remind-${token}.pdf`;
  const [admin, , , authorApi] = await Promise.all([
    newAdmin(browser, testInfo),
    apiAccount(testInfo, busy).then((api) => api.dispose()),
    apiAccount(testInfo, idle).then((api) => api.dispose()),
    apiAccount(testInfo, author),
  ]);

  // Another test's automatic assignment reaches every abstract and reviewer of the edition: the
  // abstract and the two reviewers come into being under the lock, so it cannot assign them first.
  await withServerLock(testInfo, "review-assignment", async () => {
    await apiUpload(authorApi, file);
    await authorApi.dispose();
    await grantReviewer(admin.page, busy.email);
    await grantReviewer(admin.page, idle.email);
    const page = admin.page;
    await page.goto("/user-data/review");
    const card = assignmentCard(page, file);
    const heading = await card.getByRole("heading").innerText();
    const number = Number(/^Abstract (\d+):/.exec(heading)?.[1]);
    const select = card.getByLabel(`Assign a reviewer to abstract ${number}`);
    for (const reviewer of [busy, idle]) {
      await select.selectOption({
        label: `${reviewer.firstName} ${reviewer.lastName} (${reviewer.email})`,
      });
      await card.getByRole("button", { name: `Assign to abstract ${number}` }).click();
      await expect(
        successMessage(page, `The reviewer was assigned to abstract ${number} successfully.`),
      ).toBeVisible();
      // The message is the same for each assignment: wait for this one's row.
      await expect(card.locator(".review-admin__reviewers")).toContainText(reviewer.email);
    }
    expect(await reviewersOn(page, file)).toEqual([busy.email, idle.email]);
    await expect(card).toContainText(`${busy.email}): Not started`);
    await card
      .getByRole("button", { name: `Unassign ${idle.email} from abstract ${number}` })
      .click();
    await expect(
      successMessage(page, `The reviewer was unassigned from abstract ${number} successfully.`),
    ).toBeVisible();
    await expect(card.locator(".review-admin__reviewers")).not.toContainText(idle.email);
    expect(await reviewersOn(page, file)).toEqual([busy.email]);

    const idleMailBefore = await countMail(idle.email);
    const busyMailBefore = await countMail(busy.email);
    await page.getByRole("button", { name: "Remind reviewers" }).click();
    await expect(
      successMessage(
        page,
        /^Reminders sent successfully to \d+ reviewers? about \d+ unfinished reviews?\.$/,
      ),
    ).toBeVisible();
    const mail = await waitForMail(busy.email, { subject: "Reminder:", after: busyMailBefore });
    expect(mail.text).toContain(`- Abstract ${number}: not started`);
    expect(mail.text).not.toContain(file);
    expect(mail.text).not.toContain(author.email);
    // The reminders went out before the page answered: none came for the reviewer with nothing to do.
    expect(await countMail(idle.email)).toBe(idleMailBefore);
    // The answer was a redirect: a reload says what was sent and mails nobody again.
    await expect(page).toHaveURL(/\/user-data\/review\?reminded=[\w-]+$/);
    const busyMailAfter = await countMail(busy.email);
    await page.reload();
    await expect(
      successMessage(page, /^Reminders sent successfully to \d+ reviewers? about/),
    ).toBeVisible();
    expect(await countMail(busy.email)).toBe(busyMailAfter);
  });
  await admin.context.close();
});
