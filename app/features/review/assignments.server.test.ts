import { describe, expect, it } from "vitest";
import {
  grantReviewer,
  isReviewer,
  listReviewers,
  revokeReviewer,
} from "~/features/accounts/reviewer-role.server";
import {
  auditActions,
  chair,
  sampleReview,
  seedCommittee,
} from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import {
  assignReviewer,
  countSelfTaken,
  declareConflict,
  hasDeclaredConflict,
  listAssignmentsForSubmission,
  takeNextAbstract,
  unassignReviewer,
} from "./assignments.server";
import { autoAssign } from "./auto-assign.server";
import { listSubmittedReviewsBySubmission } from "./review-admin.server";
import { assignRefusals, refusalText } from "./review-messages";
import { defaultReviewSettings } from "./review-settings";
import { getReviewSettings, saveReviewSettings } from "./review-settings.server";
import { listReviewQueue, saveReviewDraft, submitReview } from "./reviewer-reviews.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`assignment by hand on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("grants and revokes the reviewer role; revoking keeps submitted reviews and drops the rest", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      expect(await isReviewer(database.db, "r1")).toBe(true);
      expect(await isReviewer(database.db, "chair")).toBe(false);
      expect((await listReviewers(database.db)).map((reviewer) => reviewer.email)).toEqual([
        "r1@example.edu",
        "r2@example.edu",
        "r3@example.edu",
      ]);
      expect(await grantReviewer(database.db, "r1", chair)).toMatchObject({
        ok: true,
        value: { changed: false },
      });
      expect(await grantReviewer(database.db, "ghost", chair)).toMatchObject({
        ok: false,
        reason: "account-gone",
      });

      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s2.id,
        reviewerId: "r2",
        actor: chair,
      });
      await submitReview(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: sampleReview(4, 2),
      });
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 2,
        review: sampleReview(2, null),
      });

      expect(await revokeReviewer(database.db, "r2", chair)).toMatchObject({
        ok: true,
        value: { changed: true, droppedAssignments: 1 },
      });
      expect(await isReviewer(database.db, "r2")).toBe(false);
      const submitted = await listSubmittedReviewsBySubmission(
        database.db,
        year,
        await getReviewSettings(database.db, year),
      );
      expect(submitted.get(s1.id)).toHaveLength(1);
      expect(await listAssignmentsForSubmission(database.db, s2.id)).toEqual([]);
      expect(await revokeReviewer(database.db, "r2", chair)).toMatchObject({
        ok: true,
        value: { changed: false },
      });
      const actions = (await auditActions(database)).map((row) => row.action);
      expect(actions.filter((action) => action === "grant-reviewer")).toHaveLength(3);
      expect(actions.filter((action) => action === "revoke-reviewer")).toHaveLength(1);
    });

    it("assigns by hand, refusing authors, non-reviewers, duplicates and other editions", async () => {
      const database = await databases.openMigrated();
      const { s1, s3 } = await seedCommittee(database);
      const assign = (submissionId: string, reviewerId: string, editionYear = year) =>
        assignReviewer(database.db, { editionYear, submissionId, reviewerId, actor: chair });
      expect(await assign(s1.id, "r1")).toMatchObject({ ok: true, value: { number: 1 } });
      expect(await assign(s1.id, "r1")).toMatchObject({ ok: false, reason: "already-assigned" });
      expect(await assign(s3.id, "r1")).toMatchObject({ ok: false, reason: "conflict" });
      expect(await assign(s1.id, "ada")).toMatchObject({ ok: false, reason: "not-reviewer" });
      expect(await assign(s1.id, "r2", 2024)).toMatchObject({ ok: false, reason: "not-found" });
      expect(await assign("nope", "r2")).toMatchObject({ ok: false, reason: "not-found" });
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "assign-reviewer")).toEqual([
        { action: "assign-reviewer", actor_user_id: "chair", details: "abstract 1" },
      ]);
    });

    it("unassigns until the review is submitted", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      const made = await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      if (!made.ok) throw new Error(refusalText(assignRefusals, made));
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: sampleReview(3, 1),
      });
      expect(
        await unassignReviewer(database.db, {
          assignmentId: made.value.assignmentId,
          actor: chair,
        }),
      ).toEqual({
        ok: true,
        value: { number: 1 },
      });
      expect(await database.db.selectFrom("review").select("assignment_id").execute()).toEqual([]);
      const again = await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      if (!again.ok) throw new Error(refusalText(assignRefusals, again));
      await submitReview(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: sampleReview(3, 1),
      });
      expect(
        await unassignReviewer(database.db, {
          assignmentId: again.value.assignmentId,
          actor: chair,
        }),
      ).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      expect(
        await unassignReviewer(database.db, { assignmentId: "nope", actor: chair }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
    });

    it("a declared conflict removes the assignment and its draft, and is never reassigned", async () => {
      const database = await databases.openMigrated();
      const { s1 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await saveReviewDraft(database.db, {
        reviewerId: "r2",
        editionYear: year,
        number: 1,
        review: sampleReview(3, 1),
      });
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toMatchObject({
        ok: true,
        value: { number: 1, reviewerEmail: "r2@example.edu" },
      });
      expect(await listReviewQueue(database.db, "r2", year)).toEqual([]);
      expect(
        await hasDeclaredConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toBe(true);
      expect(
        await hasDeclaredConflict(database.db, { editionYear: year, reviewerId: "r3", number: 1 }),
      ).toBe(false);
      expect(await database.db.selectFrom("review").select("assignment_id").execute()).toEqual([]);
      expect(
        await assignReviewer(database.db, {
          editionYear: year,
          submissionId: s1.id,
          reviewerId: "r2",
          actor: chair,
        }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      await autoAssign(database.db, year, 3, chair);
      const onOne = await listAssignmentsForSubmission(database.db, s1.id);
      expect(onOne.map((assignment) => assignment.reviewerId).sort()).toEqual(["r1", "r3"]);
      // Not assigned (any more): refused, nothing recorded twice.
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      await submitReview(database.db, {
        reviewerId: "r1",
        editionYear: year,
        number: 1,
        review: sampleReview(5, 3),
      });
      expect(
        await declareConflict(database.db, { editionYear: year, reviewerId: "r1", number: 1 }),
      ).toMatchObject({
        ok: false,
        reason: "submitted",
      });
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "declare-conflict")).toEqual([
        { action: "declare-conflict", actor_user_id: "r2", details: "abstract 1" },
      ]);
    });

    it("takes the next abstract with the fewest reviewers, when allowed", async () => {
      const database = await databases.openMigrated();
      const { s1, s2 } = await seedCommittee(database);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s1.id,
        reviewerId: "r2",
        actor: chair,
      });
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: s2.id,
        reviewerId: "r3",
        actor: chair,
      });
      // r1: abstract 3 is their own; 1 and 2 have one reviewer each; 4 has none.
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        value: { number: 4 },
      });
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        value: { number: 5 },
      });
      expect(await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" })).toEqual({
        ok: true,
        value: { number: 1 },
      });
      await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" });
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r1" }),
      ).toMatchObject({
        ok: false,
        reason: "none-left",
      });
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "ada" }),
      ).toMatchObject({
        ok: false,
        reason: "not-reviewer",
      });
      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, canSelfAssign: false },
        chair,
      );
      expect(
        await takeNextAbstract(database.db, { editionYear: year, reviewerId: "r2" }),
      ).toMatchObject({
        ok: false,
        reason: "not-allowed",
      });
      const audit = await auditActions(database);
      expect(audit.find((row) => row.actor_user_id === "r1")).toMatchObject({
        action: "assign-reviewer",
        details: "abstract 4 (taken by the reviewer)",
      });
    });

    it("the same take-next click twice (a double click, a resent form) takes one abstract", async () => {
      const database = await databases.openMigrated();
      await seedCommittee(database);
      const shown = await countSelfTaken(database.db, { editionYear: year, reviewerId: "r2" });
      expect(shown).toBe(0);
      const click = () =>
        takeNextAbstract(database.db, { editionYear: year, reviewerId: "r2", takenBefore: shown });
      const [first, second] = await Promise.all([click(), click()]);
      expect(first).toMatchObject({ ok: true });
      // The second click leads to the abstract the first one took.
      expect(second).toEqual(first);
      expect(await countSelfTaken(database.db, { editionYear: year, reviewerId: "r2" })).toBe(1);
      // A fresh page counts one taken, so its click takes another.
      const next = await takeNextAbstract(database.db, {
        editionYear: year,
        reviewerId: "r2",
        takenBefore: 1,
      });
      expect(next).toMatchObject({ ok: true });
      expect(next).not.toEqual(first);
    });
  });
}
