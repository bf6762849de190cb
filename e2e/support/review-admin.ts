import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import {
  adminSession,
  apiAccount,
  apiUpload,
  escapeRegExp,
  type Person,
  successMessage,
} from "./admin";

// Helpers for the admin side of peer review (review-assignment, review-decisions and review-admin
// specs): people named by a token, reviewers granted from the user table, the cards of
// /user-data/review, and a set of reviewers and abstracts made over HTTP.

export function person(prefix: string, token: string, testInfo: TestInfo): Person {
  return {
    firstName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    lastName: `Tester${token}`,
    email: `${prefix}.${token}+${testInfo.project.name}@e2e.test`,
  };
}

/** Makes `email` a reviewer with the user table's own button, as an admin does. */
export async function grantReviewer(admin: Page, email: string) {
  await admin.goto(`/user-data?q=${encodeURIComponent(email)}`);
  await admin
    .getByRole("button", { name: new RegExp(`^Make reviewer\\s*:\\s*${escapeRegExp(email)}$`) })
    .click();
  await expect(successMessage(admin, `${email} was made a reviewer successfully.`)).toBeVisible();
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("button", { name: `Revoke reviewer from ${email}` })).toBeVisible();
}

/** An abstract's card on /user-data/review. */
export function assignmentCard(page: Page, fileName: string) {
  return page.getByRole("listitem").filter({
    has: page.getByRole("heading", { name: new RegExp(`^Abstract \\d+: ${fileName}`) }),
  });
}

/** The reviewers listed on an abstract's card (their emails). */
export async function reviewersOn(page: Page, fileName: string): Promise<string[]> {
  const items = await assignmentCard(page, fileName)
    .locator(".review-admin__reviewers > li")
    .allInnerTexts();
  return items.map((text) => /[\w.+-]+@e2e\.test/.exec(text)?.[0] ?? text);
}

/** Five abstracts: the first by a reviewer, the others by four authors. */
export async function reviewersAndAbstracts(testInfo: TestInfo, token: string) {
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

export async function newAdmin(browser: Browser, testInfo: TestInfo, landing = "/user-data") {
  return adminSession(browser, testInfo, landing);
}
