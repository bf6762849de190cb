import { expect, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  apiAccount,
  apiUpload,
  openPassedReleaseDates,
  randomToken,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, waitForMail } from "./support/mailbox";
import { assignmentCard, grantReviewer, newAdmin, person } from "./support/review-admin";
import { withServerLock } from "./support/server-lock";

// The admin side of peer review, deciding: the decisions page's review summaries, the reviews in full,
// the reviews CSV, and the release email's comments. Release runs under the "decisions" lock like
// admin-decisions.spec.ts. The helpers are in support/review-admin.ts.

test.beforeEach(async ({ context }, testInfo) => {
  // Desktop and mobile share one server; the admin pages are checked at 375 px by the axe test in
  // review-admin.spec.ts.
  test.skip(testInfo.project.name === "mobile", "runs on the desktop and postgres projects");
  await useOwnClientAddress(context);
});

test("decisions from the reviews: mean and spread, the reviews in full, the CSV, and a release that mails the comments to the authors only", async ({
  browser,
}, testInfo) => {
  // Four accounts, reviews, a release and axe on the decisions page: over a minute on a busy machine.
  test.slow();
  const token = randomToken();
  const [first, second] = ["rory", "ruth"].map((name) => person(name, token, testInfo));
  const author = person("ayla", token, testInfo);
  const file = `decide-${token}.pdf`;
  if (!first || !second) throw new Error("no reviewers");
  const [admin, firstApi, secondApi] = await Promise.all([
    newAdmin(browser, testInfo),
    apiAccount(testInfo, first),
    apiAccount(testInfo, second),
  ]);
  const authorApi = await apiAccount(testInfo, author);
  await apiUpload(authorApi, file);
  await authorApi.dispose();
  const page = admin.page;
  for (const reviewer of [first, second]) await grantReviewer(page, reviewer.email);

  await page.goto("/user-data/review");
  const card = assignmentCard(page, file);
  const number = Number(/^Abstract (\d+):/.exec(await card.getByRole("heading").innerText())?.[1]);
  for (const reviewer of [first, second]) {
    await card
      .getByLabel(`Assign a reviewer to abstract ${number}`)
      .selectOption({ label: `${reviewer.firstName} ${reviewer.lastName} (${reviewer.email})` });
    await card.getByRole("button", { name: `Assign to abstract ${number}` }).click();
    await expect(
      successMessage(page, `The reviewer was assigned to abstract ${number} successfully.`),
    ).toBeVisible();
    // The message is the same for each assignment: wait for this one's row.
    await expect(card.locator(".review-admin__reviewers")).toContainText(reviewer.email);
  }
  // The reviewers submit with the form a browser without JavaScript posts (review-form.spec.ts drives the page).
  const reviews = [
    {
      api: firstApi,
      merit: "4",
      confidence: "3",
      commentsToAuthors: `Clear data. AUTHORS-ONE-${token}`,
      commentsToCommittee: `COMMITTEE-SECRET-${token}`,
    },
    {
      api: secondApi,
      merit: "3",
      confidence: "1",
      commentsToAuthors: `=HYPERLINK("http://evil") AUTHORS-TWO-${token}`,
      commentsToCommittee: "",
    },
  ];
  for (const { api, ...form } of reviews) {
    const response = await api.post(`/review/abstracts/${number}`, {
      form: { intent: "submit", ...form },
      maxRedirects: 0,
    });
    // A saved review answers with a redirect to its page, which says so.
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/review/abstracts/${number}?saved=submitted`);
    await api.dispose();
  }
  await page.goto("/user-data/review");
  await expect(card).toContainText(`${first.email}): Submitted`);
  await expect(card.getByRole("button", { name: /^Unassign/ })).toHaveCount(0);

  // The decisions page: submitted of assigned, mean and spread, the reviews in full (committee included).
  await page.goto("/user-data/submissions?sort=merit&reviews=complete");
  const decision = adminCard(page, file);
  await expect(decision).toContainText("Reviews: 2 of 2 submitted");
  await expect(decision).toContainText("Mean merit 3.5");
  await expect(decision).toContainText("Spread 1");
  await expect(decision).not.toContainText("Strong disagreement");
  await expect(
    page.getByRole("table", { name: /^Mean merit of the \d+ abstracts?/ }),
  ).toBeVisible();
  await expect(decision.getByText(`COMMITTEE-SECRET-${token}`)).toBeHidden();
  await decision.getByText(`Read the 2 reviews of abstract ${number}`).click();
  await expect(decision.getByText(`COMMITTEE-SECRET-${token}`)).toBeVisible();
  await expect(decision).toContainText(`${first.email}, submitted`);
  await expect(decision).toContainText("4 (Weak accept)");
  await expectNoAxeViolations(page);
  await decision.screenshot({ path: testInfo.outputPath("decision-with-reviews.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await decision.screenshot({ path: testInfo.outputPath("decision-with-reviews-375.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole("navigation", { name: "Filter by reviews" })
    .getByRole("link", { name: "No reviewers" })
    .click();
  await expect(page).toHaveURL(at("/user-data/submissions?reviews=unassigned&sort=merit"));
  await expect(decision).toHaveCount(0);

  // The reviews CSV: one row per submitted review, formulas neutralised; the export is audited.
  const csv = await page.request.get("/user-data/export/reviews.csv");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(
    /^attachment; filename="sculc-\d+-reviews\.csv"$/,
  );
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe(
    '\ufeff"Abstract number","Title","File","Reviewer","Reviewer email","Merit","Merit label","Confidence","Confidence label","Comments to the authors","Comments to the committee","Submitted (Pacific)"',
  );
  const rows = text.split("\r\n").filter((line) => line.includes(file));
  expect(rows).toHaveLength(2);
  expect(rows[0]).toContain(
    // The upload helper titles an abstract with its file name.
    `"${number}","${file}","${file}","${first.firstName} ${first.lastName}","${first.email}","4","Weak accept","3","High","Clear data. AUTHORS-ONE-${token}","COMMITTEE-SECRET-${token}"`,
  );
  expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil"") AUTHORS-TWO-${token}"`);

  // Accept, then release with the comments to the authors.
  await page.goto("/user-data/submissions?status=undecided");
  await decision.getByRole("button", { name: `Accept as talk ${file}` }).click();
  await expect(successMessage(page, "Decision saved successfully")).toBeVisible();
  const before = await countMail(author.email);
  await withServerLock(testInfo, "decisions", async () => {
    await page.goto("/user-data/submissions");
    await page.getByLabel(/^Include the reviewers' comments to the authors/).check();
    await openPassedReleaseDates(page);
    await page.getByRole("button", { name: /^Release \d+ decisions?$/ }).click();
    await expect(
      successMessage(page, /^Released \d+ decisions? successfully and emailed \d+ authors?\.$/),
    ).toBeVisible();
  });
  const mail = await waitForMail(author.email, {
    subject: "Action required: confirm your SCULC presentation",
    after: before,
  });
  expect(mail.text).toContain(`The reviewers' comments on ${file}:`);
  expect(mail.text).toContain(`Reviewer 1:\nClear data. AUTHORS-ONE-${token}`);
  expect(mail.text).toContain(`Reviewer 2:\n=HYPERLINK("http://evil") AUTHORS-TWO-${token}`);
  expect(mail.text).not.toContain("COMMITTEE-SECRET");
  for (const reviewer of [first, second]) {
    expect(mail.text).not.toContain(reviewer.email);
    expect(mail.text).not.toContain(reviewer.lastName);
  }

  await page.goto("/user-data/audit");
  await expect(page.getByRole("cell", { name: "Exported reviews" }).first()).toBeVisible();
  await admin.context.close();
});
