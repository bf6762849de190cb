import { assignReviewer } from "~/features/review/assignments.server";
import { handleReviewAbstractAction } from "~/features/review/review-abstract-actions.server";
import { recordingMailer } from "./recording-mailer";
import { chair, formOf, reviewYear, seedCommittee, silentLogger } from "./review-seeds";
import type { TestDatabase } from "./test-databases";

/** A review form's fields filled in, as the review page posts them. */
export const filledReviewForm = {
  merit: "4",
  confidence: "2",
  commentsToAuthors: "Fine.",
  commentsToCommittee: "",
};

/**
 * The seeded committee with reviewer r2 assigned to `submissionIds`, and r2's review page action as
 * the route calls it (abstract 1 unless told), with a mailer that keeps the mail.
 */
export async function reviewPageOfR2(database: TestDatabase, submissionIds: string[]) {
  await seedCommittee(database);
  for (const submissionId of submissionIds) {
    await assignReviewer(database.db, {
      editionYear: reviewYear,
      submissionId,
      reviewerId: "r2",
      actor: chair,
    });
  }
  const { sent, mailer } = recordingMailer();
  const act = (values: Record<string, string>, number = 1) =>
    handleReviewAbstractAction(
      { db: database.db, mailer, logger: silentLogger },
      {
        reviewerId: "r2",
        editionYear: reviewYear,
        number,
        configuredAdminEmails: ["chair@example.edu"],
        reviewAdminUrl: "https://example.org/user-data/review",
      },
      formOf(values),
    );
  return { sent, act };
}
