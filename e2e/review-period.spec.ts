import { expect, test } from "@playwright/test";
import { defaultReviewSettings } from "~/features/review/review-settings";
import { saveReviewSettings } from "~/features/review/review-settings.server";
import { expectNoAxeViolations } from "./support/axe";
import { makeReviewer, withProjectDatabase } from "./support/review-database";
import {
  expectMessage,
  reviewForm,
  signedInPerson,
  uploadNamedAbstract,
} from "./support/reviewers";
import { withServerLock } from "./support/server-lock";

// The end of the review period, for reviewers: the form locks and taking "the next abstract" stops. The
// review period and "take the next abstract" (which may take anyone's) are global to a server, so this
// runs last and alone, in the call-for-abstracts project (playwright.config.ts). The helpers are in
// support/reviewers.ts.

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
