import crypto from "node:crypto";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { makeAbstractPdf } from "../../tests/support/pdf-fixtures";
import { fillAbstractDetails } from "./abstract-form";
import { at, logIn, register, strongPassword, uniqueEmail, verifyFromMail } from "./accounts";
import { randomClientAddress } from "./admin";

// Helpers for the reviewer's specs (review-form, review-access, review-period): people signed in in
// browsers of their own, abstracts whose text names their author, and the review form.

export type Person = {
  email: string;
  firstName: string;
  lastName: string;
  context: BrowserContext;
  page: Page;
};

/** Letters only (names are checked as names), different in every test. */
function randomLetters(length = 8): string {
  return Array.from(crypto.randomBytes(length), (byte) =>
    String.fromCharCode(97 + (byte % 26)),
  ).join("");
}

export async function signedInPerson(
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
export async function uploadNamedAbstract(author: Person): Promise<string> {
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

export function reviewForm(page: Page) {
  return page.locator("form.review-form");
}

export async function expectMessage(page: Page, text: string | RegExp) {
  await expect(page.locator(".message").filter({ hasText: text })).toBeVisible();
}
