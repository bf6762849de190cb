import { expect, test } from "@playwright/test";
import { at, openMenuIfCollapsed } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import {
  abstractNumberOf,
  assignAbstract,
  makeReviewer,
  withProjectDatabase,
} from "./support/review-database";
import {
  expectMessage,
  reviewForm,
  signedInPerson,
  uploadNamedAbstract,
} from "./support/reviewers";

// The reviewer's side of peer review: the queue, one abstract's page and form (draft, submit, edit),
// the blind PDF, and other reviewers' reviews. Granting the role and assigning abstracts are the admin
// pages' work (e2e/review-assignment.spec.ts); here they are set up in the database through the same
// server functions.
//
// The server's database is shared by every test running in parallel, so each test makes its own people
// and abstracts and looks only at those. The helpers are in support/reviewers.ts.

test("a reviewer saves a draft, submits and edits, never learning who wrote the abstract", async ({
  browser,
}, testInfo) => {
  // Three or four people register and verify by mail before the review starts.
  test.slow();
  const author = await signedInPerson(browser, testInfo, "author");
  const fileName = await uploadNamedAbstract(author);
  const reviewer = await signedInPerson(browser, testInfo, "reviewer");
  const { page } = reviewer;
  await expect(page.getByRole("link", { name: "Review", exact: true })).toHaveCount(0);
  await makeReviewer(testInfo, reviewer.email);
  await assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: reviewer.email });
  const number = await abstractNumberOf(testInfo, author.email);
  const secrets = [
    author.firstName,
    author.lastName,
    author.email,
    fileName,
    fileName.replace(/\.pdf$/, ""),
  ];
  const expectBlind = (text: string) => {
    for (const secret of secrets) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
  };

  // The header links the queue once the role is granted.
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await openMenuIfCollapsed(page);
  await nav.getByRole("link", { name: "Review", exact: true }).click();
  await expect(page).toHaveURL(at("/review"));
  const entry = page.getByRole("listitem").filter({ hasText: `Abstract ${number}` });
  await expect(entry).toContainText("Not started");
  expectBlind(await page.content());
  await expectNoAxeViolations(page);

  await entry.getByRole("link", { name: `Abstract ${number}` }).click();
  await expect(page).toHaveURL(at(`/review/abstracts/${number}`));
  await expect(page.getByRole("heading", { level: 1, name: `Abstract ${number}` })).toBeVisible();
  await expect(page.getByText("The author’s name may appear in the text")).toBeVisible();
  await expect(
    page.getByText("You will see the other reviews of this abstract once"),
  ).toBeVisible();
  expectBlind(await page.content());
  await expectNoAxeViolations(page);

  // The PDF opens only after the reviewer declares no conflict of interest (by keyboard here).
  expect((await page.request.get(`/review/abstracts/${number}.pdf`)).status()).toBe(403);
  await expect(page.getByRole("link", { name: `Open abstract ${number} (PDF)` })).toHaveCount(0);
  await page
    .getByRole("button", { name: "I have no conflict of interest with this abstract" })
    .focus();
  await page.keyboard.press("Enter");
  await expectMessage(
    page,
    "Thank you: you declared that you have no conflict of interest with this abstract. You can open it now.",
  );

  // Loader data and the PDF's headers are as blind as the page.
  const loaderData = await page.request.get(`/review/abstracts/${number}.data`);
  expect(loaderData.status()).toBe(200);
  expectBlind(await loaderData.text());
  const pdf = await page.request.get(`/review/abstracts/${number}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="abstract-${number}.pdf"`);
  expectBlind(JSON.stringify(pdf.headersArray()));
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(page.getByRole("link", { name: `Open abstract ${number} (PDF)` })).toHaveAttribute(
    "href",
    `/review/abstracts/${number}.pdf`,
  );

  // A draft may be incomplete; with the keyboard alone: arrow keys move within a radio group.
  const form = reviewForm(page);
  await form.getByLabel("3 Borderline").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(form.getByLabel("4 Weak accept")).toBeChecked();
  await form
    .getByLabel("Comments to the authors")
    .fill("A clear question; the data section is thin.");
  await form.getByRole("button", { name: "Save draft" }).focus();
  await page.keyboard.press("Enter");
  await expectMessage(page, "Draft saved successfully.");
  await expect(page.getByText("Your review: Draft saved")).toBeVisible();
  await expect(form.getByLabel("4 Weak accept")).toBeChecked();
  await expect(form.getByLabel("Comments to the authors")).toHaveValue(
    "A clear question; the data section is thin.",
  );
  await expectNoAxeViolations(page);

  // Submitting needs both scores; what was typed stays.
  await form.getByLabel("Comments to the committee").fill("Fine as a poster.");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expectMessage(
    page,
    "Choose an overall merit and a confidence before submitting the review.",
  );
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(form.getByLabel("Comments to the committee")).toHaveValue("Fine as a poster.");
  await form.getByLabel("2 Medium").check();
  await form.getByRole("button", { name: "Submit review" }).click();
  await expectMessage(page, "Review submitted successfully. Thank you!");
  // The save answered with a redirect: a reload reads the page again instead of posting twice.
  await expect(page).toHaveURL(at(`/review/abstracts/${number}?saved=submitted`));
  await page.reload();
  await expectMessage(page, "Review submitted successfully. Thank you!");
  await expect(page.getByText("Your review: Submitted")).toBeVisible();
  await expect(
    page.getByText("No other review of this abstract has been submitted yet."),
  ).toBeVisible();
  await expect(form.getByRole("button", { name: "Save draft" })).toHaveCount(0);
  // A conflict can no longer be declared once the review is in.
  await expect(page.getByRole("button", { name: "Declare a conflict" })).toHaveCount(0);

  // Editing a submitted review while the period is open.
  await form.getByLabel("5 Accept").check();
  await form.getByRole("button", { name: "Update review" }).click();
  await expectMessage(page, "Review updated successfully.");
  await expect(form.getByLabel("5 Accept")).toBeChecked();
  await page.goto("/review");
  await expect(page.getByRole("listitem").filter({ hasText: `Abstract ${number}` })).toContainText(
    "Submitted",
  );
  await expectNoAxeViolations(page);

  // The audit log has the reviewer as the actor of the submission and of the edit.
  await withProjectDatabase(testInfo, async (handle) => {
    const rows = await handle.db
      .selectFrom("admin_audit")
      .select("details")
      .where("action", "=", "submit-review")
      .where("actor_label", "=", reviewer.email)
      .execute();
    expect(rows.map((row) => row.details).sort()).toEqual([
      `abstract ${number}`,
      `abstract ${number} (edited)`,
    ]);
  });
});

test("other reviewers' reviews appear only after submitting your own, without their names", async ({
  browser,
}, testInfo) => {
  // Three or four people register and verify by mail before the review starts.
  test.slow();
  const author = await signedInPerson(browser, testInfo, "author");
  await uploadNamedAbstract(author);
  const first = await signedInPerson(browser, testInfo, "reviewer");
  const second = await signedInPerson(browser, testInfo, "reviewer");
  for (const reviewer of [first, second]) {
    await makeReviewer(testInfo, reviewer.email);
    await assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: reviewer.email });
  }
  const number = await abstractNumberOf(testInfo, author.email);

  await first.page.goto(`/review/abstracts/${number}`);
  const firstForm = reviewForm(first.page);
  await firstForm.getByLabel("2 Weak reject").check();
  await firstForm.getByLabel("3 High").check();
  await firstForm
    .getByLabel("Comments to the committee")
    .fill("Only for the committee: weak data.");
  await firstForm.getByRole("button", { name: "Submit review" }).click();
  await expectMessage(first.page, "Review submitted successfully. Thank you!");

  await second.page.goto(`/review/abstracts/${number}`);
  await expect(
    second.page.getByText("You will see the other reviews of this abstract once"),
  ).toBeVisible();
  await expect(second.page.getByText("Only for the committee: weak data.")).toHaveCount(0);
  const before = await second.page.request.get(`/review/abstracts/${number}.data`);
  expect(await before.text()).not.toContain("weak data");

  // The conflict confirmation step (declared in another test), checked here where axe can run; before
  // the PDF opens it starts from the question's "I have a conflict".
  await second.page.getByRole("button", { name: "I have a conflict" }).click();
  await expect(second.page.getByText(`Declare a conflict with abstract ${number}?`)).toBeVisible();
  await expectNoAxeViolations(second.page);
  await second.page.getByRole("button", { name: "Cancel" }).click();

  // A draft does not unlock them.
  const secondForm = reviewForm(second.page);
  await secondForm.getByLabel("4 Weak accept").check();
  await secondForm.getByRole("button", { name: "Save draft" }).click();
  await expectMessage(second.page, "Draft saved successfully.");
  await expect(second.page.getByText("Only for the committee: weak data.")).toHaveCount(0);
  // A save does not redraw the form: what is chosen right after it stays chosen.
  await reviewForm(second.page).getByLabel("1 Low").check();
  await expect(reviewForm(second.page).getByLabel("4 Weak accept")).toBeChecked();
  await expect(reviewForm(second.page).getByLabel("1 Low")).toBeChecked();
  await reviewForm(second.page).getByRole("button", { name: "Submit review" }).click();
  await expectMessage(second.page, "Review submitted successfully. Thank you!");
  const others = second.page.getByRole("region", { name: "Other reviewers’ reviews" });
  await expect(others.getByRole("heading", { name: "Other review 1" })).toBeVisible();
  await expect(others).toContainText("2 Weak reject");
  await expect(others).toContainText("Only for the committee: weak data.");
  const html = await second.page.content();
  for (const secret of [first.email, first.firstName, first.lastName])
    expect(html).not.toContain(secret);
  await expectNoAxeViolations(second.page);

  // The first reviewer never saw the second's draft, and now sees the submitted review.
  await first.page.reload();
  await expect(
    first.page.getByRole("region", { name: "Other reviewers’ reviews" }).getByText("4 Weak accept"),
  ).toBeVisible();
});

test("Submit and next opens the next abstract with a form of its own", async ({
  browser,
}, testInfo) => {
  // Three people register and verify by mail before the review starts.
  test.slow();
  const authors = [
    await signedInPerson(browser, testInfo, "author"),
    await signedInPerson(browser, testInfo, "author"),
  ];
  for (const author of authors) await uploadNamedAbstract(author);
  const reviewer = await signedInPerson(browser, testInfo, "reviewer");
  await makeReviewer(testInfo, reviewer.email);
  const numbers: number[] = [];
  for (const author of authors) {
    await assignAbstract(testInfo, { authorEmail: author.email, reviewerEmail: reviewer.email });
    numbers.push(await abstractNumberOf(testInfo, author.email));
  }
  const [first, second] = numbers.sort((a, b) => a - b);

  const { page } = reviewer;
  await page.goto(`/review/abstracts/${first}`);
  const form = reviewForm(page);
  await form.getByLabel("5 Accept").check();
  await form.getByLabel("2 Medium").check();
  await form.getByLabel("Comments to the authors").fill("Clear and well argued.");
  await form.getByRole("button", { name: "Submit and next" }).click();
  await expect(page).toHaveURL(at(`/review/abstracts/${second}?submitted=${first}`));
  await expectMessage(
    page,
    `Review of abstract ${first} saved successfully. Here is your next abstract.`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Abstract ${second}`);
  // The first abstract's scores and comments are not carried over into the second's form.
  const next = reviewForm(page);
  await expect(next.getByRole("radio", { checked: true })).toHaveCount(0);
  await expect(next.getByLabel("Comments to the authors")).toHaveValue("");
  await expect(page.getByText("Your review: Not started")).toBeVisible();
});
