import { expect, test } from "@playwright/test";
import { at, atLogin } from "./support/accounts";
import { randomClientAddress } from "./support/admin";
import { waitForMail } from "./support/mailbox";
import {
  abstractNumberOf,
  assignAbstract,
  makeAdmin,
  makeReviewer,
  withProjectDatabase,
} from "./support/review-database";
import {
  expectMessage,
  type Person,
  reviewForm,
  signedInPerson,
  uploadNamedAbstract,
} from "./support/reviewers";

// Who may review what: declaring a conflict of interest, and every permission boundary of the reviewer
// pages on the server. Granting the role and assigning abstracts are the admin pages' work
// (e2e/review-assignment.spec.ts); here they are set up in the database through the same server
// functions.
//
// The server's database is shared by every test running in parallel, so each test makes its own people
// and abstracts and looks only at those. The helpers are in support/reviewers.ts.

test("declaring a conflict, without JavaScript, takes two steps, empties the queue and tells the admins", async ({
  browser,
}, testInfo) => {
  // Three or four people register and verify by mail before the review starts.
  test.slow();
  const author = await signedInPerson(browser, testInfo, "author");
  await uploadNamedAbstract(author);
  const admin = await signedInPerson(browser, testInfo, "chair");
  await makeAdmin(testInfo, admin.email);
  const reviewer = await signedInPerson(browser, testInfo, "reviewer", {
    javaScriptEnabled: false,
  });
  await makeReviewer(testInfo, reviewer.email);
  await assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: reviewer.email });
  const number = await abstractNumberOf(testInfo, author.email);
  const { page } = reviewer;

  await page.goto(`/review/abstracts/${number}`);
  await reviewForm(page).getByLabel("1 Reject").check();
  await reviewForm(page).getByRole("button", { name: "Save draft" }).click();
  await expectMessage(page, "Draft saved successfully.");

  // Before the PDF opens the page asks about conflicts: "I have a conflict" leads to the same two steps.
  // What was typed and not saved travels with the question and comes back with the page.
  const comments = reviewForm(page).getByLabel("Comments to the authors");
  await comments.fill("Typed, not saved yet.");
  await page.getByRole("button", { name: "I have a conflict" }).click();
  await expect(page.getByText(`Declare a conflict with abstract ${number}?`)).toBeVisible();
  await expect(comments).toHaveValue("Typed, not saved yet.");
  // Cancel changes nothing, and the typing is still there.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(at(`/review/abstracts/${number}`));
  await expect(page.getByText("Your review: Draft saved")).toBeVisible();
  await expect(page.getByText(`Declare a conflict with abstract ${number}?`)).toHaveCount(0);
  await expect(comments).toHaveValue("Typed, not saved yet.");
  await expect(reviewForm(page).getByLabel("1 Reject")).toBeChecked();

  await page.getByRole("button", { name: "I have a conflict" }).click();
  await page.getByRole("button", { name: "Yes, declare a conflict" }).click();
  await expect(page).toHaveURL(at(`/review?conflict=${number}`));
  await expectMessage(
    page,
    `Conflict declared successfully: abstract ${number} left your queue, and the committee was told.`,
  );
  await expect(page.getByRole("link", { name: `Abstract ${number}`, exact: true })).toHaveCount(0);
  const gone = await page.goto(`/review/abstracts/${number}`);
  expect(gone?.status()).toBe(404);

  const mail = await waitForMail(admin.email, {
    subject: `Conflict declared on abstract ${number} | ULS`,
  });
  expect(mail.text).toContain(
    `${reviewer.email} declared a conflict of interest with abstract ${number}.`,
  );

  await withProjectDatabase(testInfo, async (handle) => {
    const conflicts = await handle.db
      .selectFrom("review_conflict")
      .innerJoin("user", "user.id", "review_conflict.reviewer_id")
      .select("review_conflict.submission_id")
      .where("user.email", "=", reviewer.email)
      .execute();
    expect(conflicts).toHaveLength(1);
  });
});

test(
  "every permission boundary of the reviewer pages holds on the server",
  { tag: "@server-answers" },
  async ({ browser, page }, testInfo) => {
    test.slow();
    const author = await signedInPerson(browser, testInfo, "author");
    await uploadNamedAbstract(author);
    const number = await abstractNumberOf(testInfo, author.email);
    const paths = ["/review", `/review/abstracts/${number}`, `/review/abstracts/${number}.pdf`];

    // Signed out: the login page, coming back afterwards.
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": randomClientAddress() });
    for (const path of paths) {
      await page.goto(path);
      await expect(page).toHaveURL(atLogin);
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
    }

    // Signed in without the role (the author, or anyone): 404 for pages, data, the file and actions.
    const expectNotFound = async (person: Person, path: string, form?: Record<string, string>) => {
      const response = form
        ? await person.page.request.post(path, { form, maxRedirects: 0 })
        : await person.page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), `${form ? "POST" : "GET"} ${path}`).toBe(404);
    };
    for (const path of [...paths, "/review.data", `/review/abstracts/${number}.data`]) {
      await expectNotFound(author, path);
    }
    await expectNotFound(author, "/review", { intent: "take-next" });
    await expectNotFound(author, `/review/abstracts/${number}`, {
      intent: "submit",
      merit: "5",
      confidence: "3",
    });
    const visit = await author.page.goto("/review");
    expect(visit?.status()).toBe(404);
    await expect(
      author.page.getByRole("heading", { name: "We couldn’t find that page" }),
    ).toBeVisible();

    // A reviewer reaches only the abstracts assigned to them: another number is a 404 everywhere, and a
    // crafted post changes nothing.
    const reviewer = await signedInPerson(browser, testInfo, "reviewer");
    await makeReviewer(testInfo, reviewer.email);
    expect((await reviewer.page.request.get("/review")).status()).toBe(200);
    for (const path of paths.slice(1)) await expectNotFound(reviewer, path);
    await expectNotFound(reviewer, `/review/abstracts/${number}.data`);
    await expectNotFound(reviewer, `/review/abstracts/${number}`, {
      intent: "submit",
      merit: "5",
      confidence: "3",
    });
    await expectNotFound(reviewer, `/review/abstracts/${number}`, { intent: "declare-conflict" });
    for (const crafted of ["0", "01", "-1", "1e3", "abc", "99999999999"]) {
      await expectNotFound(reviewer, `/review/abstracts/${crafted}`);
      await expectNotFound(reviewer, `/review/abstracts/${crafted}.pdf`);
    }
    await withProjectDatabase(testInfo, async (handle) => {
      const reviews = await handle.db
        .selectFrom("review")
        .innerJoin("review_assignment", "review_assignment.id", "review.assignment_id")
        .innerJoin("user", "user.id", "review_assignment.reviewer_id")
        .select("review.assignment_id")
        .where("user.email", "=", reviewer.email)
        .execute();
      expect(reviews).toEqual([]);
    });

    // Assigned, the same requests succeed; crafted scores are refused with a message.
    await assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: reviewer.email });
    // The PDF opens only once the reviewer declared no conflict of interest with the abstract.
    const undeclared = await reviewer.page.request.get(`/review/abstracts/${number}.pdf`);
    expect(undeclared.status()).toBe(403);
    expect(await undeclared.text()).toContain("declare that you have no conflict of interest");
    const declared = await reviewer.page.request.post(`/review/abstracts/${number}`, {
      form: { intent: "declare-no-conflict" },
    });
    expect(declared.status()).toBe(200);
    expect((await reviewer.page.request.get(`/review/abstracts/${number}.pdf`)).status()).toBe(200);
    const crafted = await reviewer.page.request.post(`/review/abstracts/${number}`, {
      form: { intent: "submit", merit: "9", confidence: "3" },
    });
    expect(crafted.status()).toBe(400);
    expect(await crafted.text()).toContain("Choose an overall merit from the list.");
    const huge = await reviewer.page.request.post(`/review/abstracts/${number}`, {
      form: { intent: "save-draft", commentsToAuthors: "x".repeat(10_001) },
    });
    expect(huge.status()).toBe(400);

    // The author never reaches reviews of their own abstract, even as a reviewer: it cannot be assigned.
    await makeReviewer(testInfo, author.email);
    await expect(
      assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: author.email }),
    ).rejects.toThrow(/conflict/);
    await expectNotFound(author, `/review/abstracts/${number}`);
    await expectNotFound(author, `/review/abstracts/${number}.pdf`);
  },
);
