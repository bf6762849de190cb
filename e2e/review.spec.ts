import crypto from "node:crypto";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import { defaultReviewSettings } from "~/features/review/review-settings";
import { saveReviewSettings } from "~/features/review/review-settings.server";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { fillAbstractDetails } from "./support/abstract-form";
import {
  at,
  atLogin,
  logIn,
  openMenuIfCollapsed,
  register,
  strongPassword,
  uniqueEmail,
  verifyFromMail,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { waitForMail } from "./support/mailbox";
import {
  abstractNumberOf,
  assignAbstract,
  makeAdmin,
  makeReviewer,
  withProjectDatabase,
} from "./support/review-database";
import { withServerLock } from "./support/server-lock";

// The reviewer's side of peer review: the queue, one abstract's page and form, the blind PDF, conflicts
// and every permission boundary. Granting the role and assigning abstracts are the admin pages' work
// (e2e/review-admin.spec.ts); here they are set up in the database through the same server functions.
//
// The server's database is shared by every test running in parallel, so each test makes its own people
// and abstracts and looks only at those. What is global (the review period; "take the next abstract",
// which may take anyone's) runs last and alone, in the call-for-abstracts project (playwright.config.ts).

type Person = {
  email: string;
  firstName: string;
  lastName: string;
  context: BrowserContext;
  page: Page;
};

function randomClientAddress(): string {
  const bytes = crypto.randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** Letters only (names are checked as names), different in every test. */
function randomLetters(length = 8): string {
  return Array.from(crypto.randomBytes(length), (byte) =>
    String.fromCharCode(97 + (byte % 26)),
  ).join("");
}

async function signedInPerson(
  browser: Browser,
  testInfo: TestInfo,
  prefix: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<Person> {
  // Each person comes from a client address of their own (rate-limit buckets; see useOwnClientAddress).
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": randomClientAddress() },
  });
  const page = await context.newPage();
  const firstName = `Zeph${randomLetters()}`;
  const lastName = `Quill${randomLetters()}`;
  const email = uniqueEmail(prefix, testInfo);
  await register(page, { firstName, lastName, email, password: strongPassword });
  await expect(page.getByRole("heading", { name: "Verify Your Email" })).toBeVisible();
  await verifyFromMail(page, email);
  await page.goto("/login?redirectTo=%2Fprofile");
  await logIn(page, email, strongPassword);
  await expect(page).toHaveURL(at("/profile"));
  return { email, firstName, lastName, context, page };
}

/** Uploads an abstract whose text names its author (so the own-name warning is there); returns its file name. */
async function uploadNamedAbstract(author: Person): Promise<string> {
  const fileName = `${author.lastName}-${author.firstName}-abstract.pdf`;
  const buffer = await makeAbstractPdf({ extraText: `By ${author.firstName} ${author.lastName}` });
  await author.page.goto("/sculc/submit-abstract");
  // A title without the author's name: reviewers see titles, never names or file names.
  await fillAbstractDetails(author.page, { title: "Evidentials in a reviewed abstract" });
  await author.page
    .getByLabel(/^Abstract \(PDF/)
    .setInputFiles({ name: fileName, mimeType: "application/pdf", buffer });
  await author.page.getByRole("button", { name: "Upload Abstract" }).click();
  await expect(
    author.page.getByRole("heading", { name: "Thank You for Your Submission" }),
  ).toBeVisible();
  return fileName;
}

function reviewForm(page: Page) {
  return page.locator("form.review-form");
}

async function expectMessage(page: Page, text: string | RegExp) {
  await expect(page.locator(".message").filter({ hasText: text })).toBeVisible();
}

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

  // The conflict confirmation step (declared in another test), checked here where axe can run.
  await second.page.getByRole("button", { name: "Declare a conflict" }).click();
  await expect(second.page.getByText(`Declare a conflict with abstract ${number}?`)).toBeVisible();
  await expectNoAxeViolations(second.page);
  await second.page.getByRole("link", { name: "Cancel" }).click();

  // A draft does not unlock them.
  const secondForm = reviewForm(second.page);
  await secondForm.getByLabel("4 Weak accept").check();
  await secondForm.getByRole("button", { name: "Save draft" }).click();
  await expectMessage(second.page, "Draft saved successfully.");
  await expect(second.page.getByText("Only for the committee: weak data.")).toHaveCount(0);

  await reviewForm(second.page).getByLabel("1 Low").check();
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

  await page.getByRole("button", { name: "Declare a conflict" }).click();
  await expect(page.getByText(`Declare a conflict with abstract ${number}?`)).toBeVisible();
  // Cancel changes nothing.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(at(`/review/abstracts/${number}`));
  await expect(page.getByText("Your review: Draft saved")).toBeVisible();

  await page.getByRole("button", { name: "Declare a conflict" }).click();
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

test("every permission boundary of the reviewer pages holds on the server", async ({
  browser,
  page,
}, testInfo) => {
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
});

test(
  "when the review period closes, the form locks and taking abstracts stops",
  { tag: "@global-state" },
  async ({ browser }, testInfo) => {
    // Three or four people register and verify by mail before the review starts.
    test.slow();
    const author = await signedInPerson(browser, testInfo, "author");
    // The call for abstracts is closed for a while by another test of this project.
    await withServerLock(testInfo, "call", () => uploadNamedAbstract(author));
    const reviewer = await signedInPerson(browser, testInfo, "reviewer");
    await makeReviewer(testInfo, reviewer.email);
    const { page } = reviewer;

    // "Take the next abstract" assigns the undecided abstract with the fewest reviewers.
    await page.goto("/review");
    await page.getByRole("button", { name: "Take the next abstract" }).click();
    await expect(page).toHaveURL(/\/review\/abstracts\/\d+$/);
    const taken = Number(new URL(page.url()).pathname.split("/").at(-1));
    await reviewForm(page).getByLabel("3 Borderline").check();
    await reviewForm(page).getByLabel("2 Medium").check();
    await reviewForm(page).getByRole("button", { name: "Submit review" }).click();
    await expectMessage(page, "Review submitted successfully. Thank you!");

    await withServerLock(testInfo, "review-period", async () => {
      const year = await withProjectDatabase(testInfo, async (handle) => {
        const row = await handle.db
          .selectFrom("submission")
          .select("edition_year")
          .where("number", "=", taken)
          .orderBy("edition_year", "desc")
          .executeTakeFirstOrThrow();
        const editionYear = Number(row.edition_year);
        await saveReviewSettings(
          handle.db,
          editionYear,
          { ...defaultReviewSettings, closesAt: new Date(Date.now() - 60_000).toISOString() },
          { userId: null, label: "e2e setup" },
        );
        return editionYear;
      });
      try {
        await page.reload();
        await expect(
          page.getByText("The review period is closed: reviews can no longer be changed."),
        ).toBeVisible();
        await expect(
          page.getByRole("button", { name: /Update review|Submit review|Save draft/ }),
        ).toHaveCount(0);
        await expect(page.getByText("3 Borderline")).toBeVisible();
        await expectNoAxeViolations(page);
        // A replayed form is refused and changes nothing.
        const replay = await page.request.post(`/review/abstracts/${taken}`, {
          form: { intent: "submit", merit: "1", confidence: "1" },
        });
        expect(replay.status()).toBe(409);
        await page.reload();
        await expect(page.getByText("3 Borderline")).toBeVisible();

        await page.goto("/review");
        await expect(page.getByText("The review period is closed")).toBeVisible();
        await expect(page.getByRole("button", { name: "Take the next abstract" })).toHaveCount(0);
        const take = await page.request.post("/review", { form: { intent: "take-next" } });
        expect(take.status()).toBe(403);
      } finally {
        await withProjectDatabase(testInfo, (handle) =>
          saveReviewSettings(handle.db, year, defaultReviewSettings, {
            userId: null,
            label: "e2e setup",
          }),
        );
      }
    });
  },
);
