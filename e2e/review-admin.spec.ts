import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { at, useOwnClientAddress } from "./support/accounts";
import {
  adminCard,
  adminSession,
  apiAccount,
  apiUpload,
  escapeRegExp,
  type Person,
  randomToken,
  successMessage,
} from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { countMail, waitForMail } from "./support/mailbox";
import { withServerLock } from "./support/server-lock";

// The admin side of peer review: reviewer grants in the user table, /user-data/review (settings,
// assignment, reminders), the decisions page's review summaries, the release email's comments and the
// reviews CSV. Automatic assignment and reminders act on every abstract and reviewer of the edition, so
// they run under the "review-assignment" lock; release runs under "decisions" like admin.spec.ts.

test.beforeEach(async ({ context }, testInfo) => {
  // Desktop and mobile share one server; the admin pages are checked at 375 px by the axe test below.
  test.skip(testInfo.project.name === "mobile", "runs on the desktop and postgres projects");
  await useOwnClientAddress(context);
});

function person(prefix: string, token: string, testInfo: TestInfo): Person {
  return {
    firstName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    lastName: `Tester${token}`,
    email: `${prefix}.${token}+${testInfo.project.name}@e2e.test`,
  };
}

/** Makes `email` a reviewer with the user table's own button, as an admin does. */
async function grantReviewer(admin: Page, email: string) {
  await admin.goto(`/user-data?q=${encodeURIComponent(email)}`);
  await admin
    .getByRole("button", { name: new RegExp(`^Make reviewer\\s*:\\s*${escapeRegExp(email)}$`) })
    .click();
  await expect(successMessage(admin, `${email} was made a reviewer successfully.`)).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("button", { name: `Revoke reviewer from ${email}` })).toBeVisible();
}

/** An abstract's card on /user-data/review. */
function assignmentCard(page: Page, fileName: string) {
  return page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: new RegExp(`^Abstract \\d+: ${fileName}`) }),
  });
}

/** The reviewers listed on an abstract's card (their emails). */
async function reviewersOn(page: Page, fileName: string): Promise<string[]> {
  const items = await assignmentCard(page, fileName)
    .locator(".review-admin__reviewers > li")
    .allInnerTexts();
  return items.map((text) => /[\w.+-]+@e2e\.test/.exec(text)?.[0] ?? text);
}

/** Five abstracts: the first by a reviewer, the others by four authors. */
async function reviewersAndAbstracts(testInfo: TestInfo, token: string) {
  const reviewers = ["rhea", "rafe", "rosa"].map((name) => person(name, token, testInfo));
  const authors = ["abel", "anna", "axel", "ayla"].map((name) => person(name, token, testInfo));
  const files = Array.from({ length: 5 }, (_, index) => `review-${token}-${index + 1}.pdf`);
  const [firstReviewer] = reviewers;
  if (!firstReviewer) throw new Error("no reviewers");
  // Two at a time: eight registrations at once on the shared SQLite server sometimes failed with
  // "Failed to register" (a 500 underneath), which is worth its own look but not this test's subject.
  const accounts = [
    ...reviewers.map((reviewer, index) => ({ who: reviewer, file: index === 0 ? files[0] : null })),
    ...authors.map((author, index) => ({ who: author, file: files[index + 1] ?? null })),
  ];
  for (let start = 0; start < accounts.length; start += 2) {
    await Promise.all(
      accounts.slice(start, start + 2).map(async ({ who, file }) => {
        const api = await apiAccount(testInfo, who);
        if (file) await apiUpload(api, file);
        await api.dispose();
      }),
    );
  }
  return { reviewers, authors, files, firstReviewer };
}

async function newAdmin(browser: Browser, testInfo: TestInfo, landing = "/user-data") {
  return adminSession(browser, testInfo, landing);
}

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
  });
  await admin.context.close();
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
  // The reviewers submit with the form a browser without JavaScript posts (review.spec.ts drives the page).
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
    expect(response.status()).toBe(200);
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

test(
  "review settings: saved in Pacific time, a bad scale refused with its message and nothing changed",
  { tag: "@global-state" },
  async ({ browser }, testInfo) => {
    // axe over two long admin pages at two widths.
    test.slow();
    const admin = await newAdmin(browser, testInfo, "/user-data/review");
    const page = admin.page;
    // Settings are the edition's, shared by every test on this server: this test runs alone, after the
    // others (tagged @global-state; see playwright.config.ts), and puts back what it found.
    await withServerLock(testInfo, "review-assignment", async () => {
      await page.goto("/user-data/review");
      const merit = page.getByLabel("Overall merit scale");
      const before = await merit.inputValue();
      await merit.fill("Reject\nAccept");
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(page.getByRole("alert")).toHaveText(/Write the merit scale one point a line/);
      await expect(merit).toHaveAttribute("aria-invalid", "true");
      await page.goto("/user-data/review");
      await expect(merit).toHaveValue(before);

      const closesAt = page.getByLabel("Closes at (Pacific Time, optional)");
      const closesBefore = await closesAt.inputValue();
      await closesAt.fill("2031-03-21T23:59");
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(
        successMessage(page, "The review settings were saved successfully."),
      ).toBeVisible();
      await expect(page.getByText("until Mar 21, 2031, 11:59 PM PDT")).toBeVisible();
      await expect(closesAt).toHaveValue("2031-03-21T23:59");
      await closesAt.fill(closesBefore);
      await page.getByRole("button", { name: "Save review settings" }).click();
      await expect(
        successMessage(page, "The review settings were saved successfully."),
      ).toBeVisible();
    });
    await page.goto("/user-data/audit");
    await expect(page.getByRole("cell", { name: "Changed review settings" }).first()).toBeVisible();
    await admin.context.close();
  },
);

test("signed out, a member and a reviewer are all refused the review admin page, its data, actions and the reviews CSV", async ({
  page,
  browser,
}, testInfo) => {
  const token = randomToken();
  const forms: Record<string, string>[] = [
    { intent: "save-settings", period: "closed", othersVisibility: "never" },
    { intent: "auto-assign", perAbstract: "2" },
    { intent: "remind" },
    { intent: "assign", submissionId: "x", reviewerId: "y" },
    { intent: "unassign", assignmentId: "x" },
  ];
  // Signed out: sent to log in.
  expect((await page.request.get("/user-data/review", { maxRedirects: 0 })).status()).toBe(302);
  const csv = await page.request.get("/user-data/export/reviews.csv", { maxRedirects: 0 });
  expect(csv.status()).toBe(302);
  expect(csv.headers().location).toMatch(/^\/login\?/);
  for (const form of forms) {
    const response = await page.request.post("/user-data/review", { form, maxRedirects: 0 });
    expect(response.status(), form.intent).toBe(302);
  }

  const member = person("member", token, testInfo);
  const reviewer = person("judge", token, testInfo);
  const [memberApi, reviewerApi, admin] = await Promise.all([
    apiAccount(testInfo, member),
    apiAccount(testInfo, reviewer),
    newAdmin(browser, testInfo),
  ]);
  await grantReviewer(admin.page, reviewer.email);
  await admin.context.close();
  for (const api of [memberApi, reviewerApi]) {
    for (const url of [
      "/user-data/review",
      "/user-data/review.data",
      "/user-data/export/reviews.csv",
      "/user-data/submissions.data",
    ]) {
      const response = await api.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(403);
      expect(await response.text()).not.toContain("@e2e.test");
    }
    for (const form of forms) {
      const response = await api.post("/user-data/review", { form, maxRedirects: 0 });
      expect(response.status(), form.intent).toBe(403);
    }
    // Nor can they make themselves reviewers (or others admins) through the user table.
    const grant = await api.post("/user-data?index", {
      form: { intent: "grant-reviewer", userId: "anyone" },
      maxRedirects: 0,
    });
    expect(grant.status()).toBe(403);
    await api.dispose();
  }
});

test("axe finds nothing on the review admin page and the decisions page with reviews, at desktop width and at 375 px", async ({
  browser,
}, testInfo) => {
  const admin = await newAdmin(browser, testInfo, "/user-data/review");
  const page = admin.page;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/user-data/review");
    await expect(page.getByRole("heading", { name: /^Peer review for/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`review-admin-${width}.png`),
      fullPage: false,
    });
    await page.goto("/user-data/submissions?sort=merit");
    await expect(page.getByRole("table", { name: /^Mean merit of the/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`decisions-${width}.png`), fullPage: false });
  }
  // Keyboard alone: the admin menu reaches the review page.
  await page.goto("/user-data");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Review" })
    .focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(at("/user-data/review"));
  await admin.context.close();
});
