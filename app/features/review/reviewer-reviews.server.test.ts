import { describe, expect, it } from "vitest";
import {
  auditActions,
  chair,
  sampleReview,
  seedCommittee,
} from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { assignReviewer } from "./assignments.server";
import { readReviewForm } from "./review-form.server";
import { defaultReviewSettings } from "./review-settings";
import { saveReviewSettings } from "./review-settings.server";
import {
  getReviewForReviewer,
  listReviewQueue,
  saveReviewDraft,
  submitReview,
} from "./reviewer-reviews.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`the reviewer's side on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("saves drafts, submits, edits, and locks once the period closes", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      const at = { reviewerId: "r2", editionYear: year, number: 1 };
      expect((await listReviewQueue(database.db, "r2", year))[0]).toMatchObject({
        number: 1,
        status: "not-started",
      });

      expect(
        await saveReviewDraft(database.db, { ...at, review: sampleReview(null, null) }),
      ).toMatchObject({
        ok: true,
        value: { status: "draft" },
      });
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("draft");
      expect(
        await submitReview(database.db, { ...at, review: sampleReview(3, null) }),
      ).toMatchObject({
        ok: false,
        reason: "incomplete",
      });
      expect(
        await saveReviewDraft(database.db, { ...at, review: sampleReview(9, 1) }),
      ).toMatchObject({
        ok: false,
        reason: "merit-off-scale",
      });
      expect(await submitReview(database.db, { ...at, review: sampleReview(4, 2) })).toEqual({
        ok: true,
        value: { status: "submitted", isFirstSubmission: true },
      });
      expect(
        await saveReviewDraft(database.db, { ...at, review: sampleReview(4, 2) }),
      ).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      expect(
        await submitReview(database.db, {
          ...at,
          review: sampleReview(5, 3, { commentsToAuthors: "Edited." }),
        }),
      ).toEqual({
        ok: true,
        value: { status: "submitted", isFirstSubmission: false },
      });
      const view = await getReviewForReviewer(database.db, at);
      expect(view?.ownReview).toMatchObject({
        merit: 5,
        meritLabel: "Accept",
        confidence: 3,
        confidenceLabel: "High",
        commentsToAuthors: "Edited.",
      });
      expect(view?.canEdit).toBe(true);

      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, closesAt: "2025-04-01T00:00:00.000Z" },
        chair,
      );
      const late = new Date("2025-04-02T00:00:00Z");
      expect(
        await submitReview(database.db, { ...at, review: sampleReview(1, 1), now: late }),
      ).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect((await getReviewForReviewer(database.db, { ...at, now: late }))?.canEdit).toBe(false);
      expect(
        (await getReviewForReviewer(database.db, { ...at, now: late }))?.ownReview?.merit,
      ).toBe(5);
      // The reviewer is the actor of each submission.
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "submit-review")).toEqual([
        { action: "submit-review", actor_user_id: "r2", details: "abstract 1" },
        { action: "submit-review", actor_user_id: "r2", details: "abstract 1 (edited)" },
      ]);
    });

    it("shows a reviewer only their own abstracts, blind, and others' reviews only after submitting", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      for (const reviewerId of ["r2", "r3"]) {
        await assignReviewer(database.db, {
          editionYear: year,
          submissionId: s1.id,
          reviewerId,
          actor: chair,
        });
      }
      const r2 = { reviewerId: "r2", editionYear: year, number: 1 };
      const r3 = { reviewerId: "r3", editionYear: year, number: 1 };
      expect(await getReviewForReviewer(database.db, { ...r2, number: 2 })).toBeNull();
      expect(await getReviewForReviewer(database.db, { ...r2, editionYear: 2024 })).toBeNull();
      expect(await getReviewForReviewer(database.db, { ...r2, reviewerId: "r1" })).toBeNull();

      await submitReview(database.db, {
        ...r3,
        review: sampleReview(2, 3, { commentsToCommittee: "A private note" }),
      });
      await saveReviewDraft(database.db, {
        ...r2,
        review: sampleReview(4, 1, { commentsToAuthors: "r2 draft" }),
      });
      const before = await getReviewForReviewer(database.db, r2);
      expect(before?.others).toEqual({ isVisible: false, reason: "submit-first" });
      // A draft is seen by nobody but its writer.
      await submitReview(database.db, { ...r2, review: sampleReview(4, 1) });
      await saveReviewSettings(database.db, year, defaultReviewSettings, chair);
      const after = await getReviewForReviewer(database.db, r2);
      expect(after?.others).toMatchObject({
        isVisible: true,
        reviews: [{ label: "Other review 1", merit: 2, commentsToCommittee: "A private note" }],
      });
      const serialised = JSON.stringify(after);
      for (const secret of ["ada", "Secret Author", "r3@example.edu", "r3", "s1"]) {
        expect(serialised).not.toContain(secret);
      }
      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, othersVisibility: "never" },
        chair,
      );
      expect((await getReviewForReviewer(database.db, r2))?.others).toEqual({
        isVisible: false,
        reason: "never",
      });
    });

    it("parses the review form, refusing crafted scores and oversized comments", () => {
      const form = (entries: Record<string, string>) => {
        const data = new FormData();
        for (const [key, value] of Object.entries(entries)) data.set(key, value);
        return data;
      };
      expect(
        readReviewForm(form({ merit: "4", confidence: "", commentsToAuthors: " Hi\r\nthere " })),
      ).toEqual({
        ok: true,
        value: {
          merit: 4,
          confidence: null,
          commentsToAuthors: "Hi\nthere",
          commentsToCommittee: "",
        },
      });
      expect(readReviewForm(form({ merit: "4.5" })).ok).toBe(false);
      expect(readReviewForm(form({ merit: "1e9" })).ok).toBe(false);
      expect(readReviewForm(form({ commentsToAuthors: "x".repeat(10_001) })).ok).toBe(false);
    });
  });
}
