import { expect, test } from "@playwright/test";
import { makeAbstractPdf } from "../tests/support/pdf-fixtures";
import { useOwnClientAddress } from "./support/accounts";
import { apiAccount, randomToken, successMessage } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { elementsWiderThanViewport } from "./support/layout";
import { grantReviewer, newAdmin, person } from "./support/review-admin";

// Likely conflicts on the review admin page: a submitter lists a co-author with a reviewer's name (and
// a stranger's address); the admin sees the reason and the unmailed address, and answers by keyboard at
// 375 px. The rules themselves are tested against both databases in
// app/features/review/likely-conflicts.server.test.ts.

test.beforeEach(async ({ context }, testInfo) => {
  test.skip(
    testInfo.project.name !== "mobile",
    "a 375 px check of one page; the rules are unit-tested",
  );
  await useOwnClientAddress(context);
});

test("an admin reads a likely conflict's reason and dismisses it by keyboard at 375 px", async ({
  browser,
}, testInfo) => {
  const token = randomToken();
  const reviewer = person("rhea", token, testInfo);
  const author = person("abel", token, testInfo);
  const fileName = `conflict-${token}.pdf`;
  const [admin, , api] = await Promise.all([
    newAdmin(browser, testInfo, "/user-data/review"),
    apiAccount(testInfo, reviewer),
    apiAccount(testInfo, author),
  ]);
  await grantReviewer(admin.page, reviewer.email);
  const uploaded = await api.post("/sculc/submit-abstract", {
    multipart: {
      title: fileName,
      format: "talk",
      presents: "yes",
      "coauthor.0.name": `${reviewer.firstName.toUpperCase()}  ${reviewer.lastName}`,
      "coauthor.0.affiliation": "",
      "coauthor.0.email": `stranger.${token}@e2e.test`,
      abstract: { name: fileName, mimeType: "application/pdf", buffer: await makeAbstractPdf() },
    },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(302);

  const page = admin.page;
  await page.goto("/user-data/review");
  const likely = page.getByRole("region", { name: "Likely conflicts" });
  const entry = likely.getByRole("listitem").filter({ hasText: reviewer.email });
  await expect(entry).toContainText(
    `has the same name as reviewer ${reviewer.firstName} ${reviewer.lastName}`,
  );
  await expect(page.getByText(`stranger.${token}@e2e.test (no verified account)`)).toBeVisible();
  await expectNoAxeViolations(page);
  // The page as a real edition fills it: every project's abstracts and reviewers are on it.
  expect(await elementsWiderThanViewport(page)).toEqual([]);

  await entry
    .getByRole("button", {
      name: new RegExp(
        `^Dismiss the likely conflict of ${reviewer.email.replace(/[.+]/g, "\\$&")}`,
      ),
    })
    .focus();
  await page.keyboard.press("Enter");
  await expect(
    successMessage(
      page,
      /^Likely conflict dismissed successfully: the reviewer may be assigned abstract \d+/,
    ),
  ).toBeVisible();
  await expect(likely.getByRole("listitem").filter({ hasText: reviewer.email })).toHaveCount(0);
  await api.dispose();
});
