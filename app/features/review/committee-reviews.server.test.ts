import { describe, expect, it } from "vitest";
import { chair, nth, sampleReview, seedCommittee } from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { listAssignmentsForSubmission } from "./assignments.server";
import { autoAssign } from "./auto-assign.server";
import {
  listReviewSummaries,
  listReviewsForExport,
  listUnfinishedByReviewer,
} from "./committee-reviews.server";
import { listSubmittedReviewsBySubmission } from "./review-admin.server";
import { getReviewSettings } from "./review-settings.server";
import { saveReviewDraft, submitReview } from "./reviewer-reviews.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`the committee's side on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("summarises, lists for admins, finds unfinished reviewers, and exports", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      await autoAssign(database.db, year, 2, chair);
      const onOne = (await listAssignmentsForSubmission(database.db, s1.id)).map(
        (a) => a.reviewerId,
      );
      await submitReview(database.db, {
        reviewerId: nth(onOne, 0),
        editionYear: year,
        number: 1,
        review: sampleReview(1, 2),
      });
      await submitReview(database.db, {
        reviewerId: nth(onOne, 1),
        editionYear: year,
        number: 1,
        review: sampleReview(5, 2),
      });
      const onTwo = (await listAssignmentsForSubmission(database.db, s2.id)).map(
        (a) => a.reviewerId,
      );
      await submitReview(database.db, {
        reviewerId: nth(onTwo, 0),
        editionYear: year,
        number: 2,
        review: sampleReview(4, 2),
      });
      await saveReviewDraft(database.db, {
        reviewerId: nth(onTwo, 1),
        editionYear: year,
        number: 2,
        review: sampleReview(1, 1),
      });

      const summaries = await listReviewSummaries(database.db, year);
      expect(summaries).toHaveLength(5);
      expect(summaries[0]).toMatchObject({
        number: 1,
        assigned: 2,
        submitted: 2,
        meanMerit: 3,
        meritSpread: 4,
        isStrongDisagreement: true,
      });
      // The draft's score counts for nothing.
      expect(summaries[1]).toMatchObject({
        number: 2,
        assigned: 2,
        submitted: 1,
        meanMerit: 4,
        meritSpread: 0,
        isStrongDisagreement: false,
      });
      expect(summaries[2]).toMatchObject({ submitted: 0, meanMerit: null, meritSpread: null });

      const full = (
        await listSubmittedReviewsBySubmission(
          database.db,
          year,
          await getReviewSettings(database.db, year),
        )
      ).get(s2.id);
      expect(full).toHaveLength(1);
      expect(full?.[0]).toMatchObject({
        reviewerEmail: `${onTwo[0]}@example.edu`,
        merit: 4,
        meritLabel: "Weak accept",
      });

      const unfinished = await listUnfinishedByReviewer(database.db, year);
      const total = unfinished.reduce((sum, reviewer) => sum + reviewer.unfinished.length, 0);
      expect(total).toBe(7);
      const draftHolder = unfinished.find((reviewer) => reviewer.reviewerId === onTwo[1]);
      expect(draftHolder?.unfinished).toContainEqual({ number: 2, status: "draft" });

      const exported = await listReviewsForExport(database.db, year);
      expect(exported.map((row) => row.number)).toEqual([1, 1, 2]);
      expect(exported[0]).toMatchObject({
        fileName: "Secret Author 1.pdf",
        commentsToCommittee: "Borderline for a talk.",
      });
    });
  });
}
