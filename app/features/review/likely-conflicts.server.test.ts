import { describe, expect, it } from "vitest";
import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import {
  listAbstractRecipients,
  listUnmailedAddresses,
} from "~/features/submissions/abstract-recipients.server";
import { seedConflictCase } from "../../../tests/support/conflict-seeds";
import { links } from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  auditActions,
  chair,
  formOf,
  insertAssignment,
  insertReview,
  silentLogger,
} from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import {
  assignReviewer,
  listAssignmentsForSubmission,
  takeNextAbstract,
} from "./assignments.server";
import { autoAssign } from "./auto-assign.server";
import { listAssignmentOverview } from "./review-admin.server";
import { handleReviewAdminAction } from "./review-admin-actions.server";
import { defaultReviewSettings } from "./review-settings";

const year = 2025;

async function adminAct(database: TestDatabase, values: Record<string, string>) {
  const { mailer } = recordingMailer();
  const answer = await handleReviewAdminAction(
    { db: database.db, mailer, logger: silentLogger },
    { actor: chair, editionYear: year, reviewUrl: "https://example.org/review" },
    formOf(values),
  );
  return { ...answer.data, status: answer.init?.status };
}

async function abstractOne(database: TestDatabase) {
  const { abstracts } = await listAssignmentOverview(database.db, year);
  const abstract = abstracts.find((each) => each.submissionId === "s1");
  if (!abstract) throw new Error("abstract 1 is missing");
  return {
    likely: abstract.likelyConflicts.map(({ id, reason, resolution }) => ({
      id,
      reason,
      resolution,
    })),
    assignable: abstract.assignable.map((reviewer) => reviewer.id),
    unmailed: abstract.unmailed,
  };
}

const reviewersOf = async (database: TestDatabase) =>
  (await listAssignmentsForSubmission(database.db, "s1")).map((each) => each.reviewerId);

for (const target of testDatabaseTargets()) {
  describe(`likely conflicts on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("live incident 1: a reviewer listed as a co-author without an address is not auto-assigned her own abstract", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["bea"],
        coauthors: [{ name: "Beatriz  COAUTHOR", affiliation: "UC San Diego" }],
      });
      const reason =
        "co-author 'Beatriz  COAUTHOR' has the same name as reviewer Beatriz Coauthor; same affiliation";
      expect(await abstractOne(database)).toEqual({
        likely: [{ id: "bea", reason, resolution: null }],
        assignable: [],
        unmailed: [],
      });
      const run = await autoAssign(database.db, year, 1, chair);
      expect(run.created).toBe(0);
      expect(run.shortfalls).toEqual([{ number: 1, missing: 1 }]);
      expect(
        await assignReviewer(database.db, {
          editionYear: year,
          submissionId: "s1",
          reviewerId: "bea",
          actor: chair,
        }),
      ).toMatchObject({ ok: false, reason: "conflict" });
      expect(
        await takeNextAbstract(database.db, {
          editionYear: year,
          reviewerId: "bea",
          settings: defaultReviewSettings,
        }),
      ).toEqual({ ok: false, reason: "none-left" });

      // Confirmed: a real conflict, never assigned; the answer is audited with its reason.
      const pair = { submissionId: "s1", reviewerId: "bea" };
      expect(await adminAct(database, { intent: "confirm-conflict", ...pair })).toEqual({
        message: "Conflict confirmed successfully: the reviewer will not be assigned abstract 1.",
        status: 200,
      });
      expect((await abstractOne(database)).likely).toEqual([
        { id: "bea", reason, resolution: "confirmed" },
      ]);
      expect((await autoAssign(database.db, year, 1, chair)).created).toBe(0);
      expect(await adminAct(database, { intent: "dismiss-conflict", ...pair })).toEqual({
        message:
          "bea@example.edu has no likely conflict with abstract 1 waiting for an answer (it may have been answered already, or the authors changed). The page now shows the current list.",
        status: 409,
      });
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action.endsWith("-conflict"))).toEqual([
        { action: "confirm-conflict", actor_user_id: "chair", details: `abstract 1: ${reason}` },
      ]);
    });

    it("live incident 2: the only reviewer's address typed for a co-author is an unverified address the admin can dismiss, and she gets no decision mail", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["rita"],
        coauthors: [{ name: "Alex Friend", email: "rita@example.edu" }],
      });
      const reason =
        "co-author 'Alex Friend' was given reviewer Rita Reviewer's address (unverified address)";
      expect(await abstractOne(database)).toEqual({
        likely: [{ id: "rita", reason, resolution: null }],
        assignable: [],
        unmailed: [
          {
            email: "rita@example.edu",
            name: "Alex Friend",
            reason: "the verified account at this address is Rita Reviewer, not 'Alex Friend'",
          },
        ],
      });
      // Not silent, not for good: kept off only until the admin answers.
      expect((await autoAssign(database.db, year, 1, chair)).created).toBe(0);
      expect(
        await adminAct(database, {
          intent: "dismiss-conflict",
          submissionId: "s1",
          reviewerId: "rita",
        }),
      ).toEqual({
        message:
          "Likely conflict dismissed successfully: the reviewer may be assigned abstract 1, and it will not be shown again.",
        status: 200,
      });
      expect(await abstractOne(database)).toMatchObject({ likely: [], assignable: ["rita"] });
      expect((await autoAssign(database.db, year, 1, chair)).created).toBe(1);
      expect(await reviewersOf(database)).toEqual(["rita"]);
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action === "dismiss-conflict")).toEqual([
        { action: "dismiss-conflict", actor_user_id: "chair", details: `abstract 1: ${reason}` },
      ]);

      // The decision mail goes to Ada alone.
      await stageDecision(database.db, {
        submissionId: "s1",
        decision: "rejected",
        actor: chair,
      });
      const { sent, mailer } = recordingMailer();
      const released = await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        { editionYear: year, actor: chair, links },
      );
      expect(released).toEqual({ released: 1, authors: 1 });
      expect(sent.map((message) => message.to)).toEqual(["ada@example.edu"]);
    });

    it("keeps a verified account's own name and address an automatic conflict, and mails it", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["bea", "sam"],
        coauthors: [{ name: "Beatriz Coauthor", email: "Bea@Example.edu" }],
      });
      expect(await abstractOne(database)).toEqual({
        likely: [],
        assignable: ["sam"],
        unmailed: [],
      });
      expect(
        await adminAct(database, {
          intent: "dismiss-conflict",
          submissionId: "s1",
          reviewerId: "bea",
        }),
      ).toMatchObject({ status: 409 });
      expect((await autoAssign(database.db, year, 2, chair)).shortfalls).toEqual([
        { number: 1, missing: 1 },
      ]);
      expect(await reviewersOf(database)).toEqual(["sam"]);
      const recipients = await listAbstractRecipients(database.db, ["s1"], {
        includes: (author) => author.position > 0,
        submitterFirst: true,
      });
      expect(recipients.get("s1")?.map((each) => each.email)).toEqual([
        "ada@example.edu",
        "Bea@Example.edu",
      ]);
    });

    it("does not trust an unverified account's address, even under its own name", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["bea"],
        unverified: ["bea"],
        coauthors: [
          { name: "Beatriz Coauthor", email: "bea@example.edu" },
          { name: "Nobody Known", email: "nobody@example.edu" },
        ],
      });
      expect(await abstractOne(database)).toEqual({
        likely: [
          {
            id: "bea",
            reason:
              "co-author 'Beatriz Coauthor' has the same name as reviewer Beatriz Coauthor; co-author 'Beatriz Coauthor' was given reviewer Beatriz Coauthor's address (unverified address)",
            resolution: null,
          },
        ],
        assignable: [],
        unmailed: [
          { email: "bea@example.edu", name: "Beatriz Coauthor", reason: "no verified account" },
          { email: "nobody@example.edu", name: "Nobody Known", reason: "no verified account" },
        ],
      });
      expect(
        (await listUnmailedAddresses(database.db, { submissionIds: ["s1"] })).get("s1"),
      ).toHaveLength(2);
    });

    it("stores one answer when two arrive at once", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["bea"],
        coauthors: [{ name: "Beatriz Coauthor" }],
      });
      const pair = { submissionId: "s1", reviewerId: "bea" };
      const answers = await Promise.all([
        adminAct(database, { intent: "confirm-conflict", ...pair }),
        adminAct(database, { intent: "dismiss-conflict", ...pair }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const rows = await database.db
        .selectFrom("review_conflict_resolution")
        .select("resolution")
        .execute();
      expect(rows).toHaveLength(1);
      const audit = await auditActions(database);
      expect(audit.filter((row) => row.action.endsWith("-conflict"))).toHaveLength(1);
    });

    it("confirming unassigns a reviewer with a draft, and keeps a submitted review", async () => {
      const database = await databases.openMigrated();
      await seedConflictCase(database, {
        reviewerIds: ["bea", "sam"],
        coauthors: [
          { name: "Beatriz Coauthor", affiliation: "Elsewhere" },
          { name: "Sam Other", affiliation: "UCLA" },
        ],
      });
      // Assigned before the co-authors were known (straight into the table, as before this rule).
      const draft = await insertAssignment(database, "s1", "bea");
      await insertReview(database, draft, { merit: 3, submittedAt: null });
      const submitted = await insertAssignment(database, "s1", "sam");
      await insertReview(database, submitted, { merit: 4 });
      expect(
        await adminAct(database, {
          intent: "confirm-conflict",
          submissionId: "s1",
          reviewerId: "bea",
        }),
      ).toEqual({
        message:
          "Conflict confirmed successfully: the reviewer will not be assigned abstract 1 and was unassigned from it (their draft was deleted).",
        status: 200,
      });
      expect(
        await adminAct(database, {
          intent: "confirm-conflict",
          submissionId: "s1",
          reviewerId: "sam",
        }),
      ).toEqual({
        message:
          "Conflict confirmed successfully: the reviewer will not be assigned abstract 1; they had already submitted a review of it, which stays until you decide what to do with it.",
        status: 200,
      });
      expect(await reviewersOf(database)).toEqual(["sam"]);
      expect(await database.db.selectFrom("review").select("assignment_id").execute()).toEqual([
        { assignment_id: submitted },
      ]);
    });
  });
}
