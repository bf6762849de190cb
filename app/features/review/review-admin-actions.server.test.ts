import { describe, expect, it } from "vitest";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { redirectOf } from "../../../tests/support/redirects";
import {
  chair,
  formOf,
  sampleReview,
  seedCommittee,
  silentLogger,
} from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { assignReviewer, listAssignmentsForSubmission } from "./assignments.server";
import { handleReviewAdminAction } from "./review-admin-actions.server";
import { reminderAnswer } from "./review-messages";
import { remindersRecorded } from "./review-reminders.server";
import { getReviewSettings } from "./review-settings.server";
import { submitReview } from "./reviewer-reviews.server";

const year = 2025;

async function setUp(database: TestDatabase) {
  await seedCommittee(database);
  const { sent, mailer } = recordingMailer();
  const act = async (values: Record<string, string>) => {
    const answer = await handleReviewAdminAction(
      { db: database.db, mailer, logger: silentLogger },
      { actor: chair, editionYear: year, reviewUrl: "https://example.org/review" },
      formOf(values),
    );
    return { ...answer.data, status: answer.init?.status };
  };
  /** Where an action that answers with a redirect leads. */
  const redirectTo = async (values: Record<string, string>) => {
    const { status, location } = await redirectOf(act(values));
    expect(status).toBe(302);
    return new URL(location ?? "", "https://example.org");
  };
  return { sent, act, redirectTo };
}

const settingsForm = {
  intent: "save-settings",
  period: "open",
  closesAt: "",
  othersVisibility: "never",
  canSelfAssign: "on",
  meritScale: "1 No\n2 Yes",
  confidenceScale: "1 Low\n2 High",
};

for (const target of testDatabaseTargets()) {
  describe(`the review admin page's action on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("saves the settings, and refuses a form or settings it cannot take", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      expect(await act(settingsForm)).toEqual({
        message: "The review settings were saved successfully.",
        status: 200,
      });
      expect((await getReviewSettings(database.db, year)).othersVisibility).toBe("never");
      // A refusal answers with the form as it was sent (the page is a document).
      const typed = (changes: Partial<Record<string, string>>) => ({
        isOpen: true,
        closesAtLocal: "",
        othersVisibility: "never",
        canSelfAssign: true,
        meritScaleText: "1 No\n2 Yes",
        confidenceScaleText: "1 Low\n2 High",
        ...changes,
      });
      expect(await act({ ...settingsForm, period: "maybe" })).toEqual({
        message: "Choose whether the review period is open.",
        fieldErrors: { period: "Choose whether the review period is open." },
        typed: { settings: typed({}) },
        status: 400,
      });
      expect(await act({ ...settingsForm, meritScale: "2 Yes\r\n1 No" })).toEqual({
        message: "A scale's values must rise from the first point to the last, without repeats.",
        typed: { settings: typed({ meritScaleText: "2 Yes\n1 No" }) },
        status: 400,
      });
      expect(await act({ ...settingsForm, meritScale: "1 Only" })).toEqual({
        message: "A scale needs at least two points.",
        typed: { settings: typed({ meritScaleText: "1 Only" }) },
        status: 400,
      });
    });

    it("assigns automatically, refusing a number of reviewers it cannot take", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      const run = await act({ intent: "auto-assign", perAbstract: "1" });
      expect(run).toMatchObject({
        message: "Automatic assignment finished successfully: 5 assignments added.",
        summary: { perAbstract: 1, created: 5, shortfalls: [] },
        status: 200,
      });
      expect(run.summary?.loads.map((load) => Object.keys(load).sort())).toContainEqual([
        "count",
        "email",
      ]);
      for (const [perAbstract, message] of [
        ["", "Each abstract needs at least one reviewer."],
        ["two", "Enter how many reviewers each abstract should have."],
        ["1.5", "Enter a whole number of reviewers per abstract."],
        ["11", "At most 10 reviewers per abstract can be assigned automatically."],
      ] as const) {
        expect(await act({ intent: "auto-assign", perAbstract })).toEqual({
          message,
          typed: { perAbstract },
          status: 400,
        });
      }
      expect(await act({ intent: "auto-assign" })).toEqual({
        message: "Each abstract needs at least one reviewer.",
        typed: { perAbstract: "" },
        status: 400,
      });
    });

    it("assigns and unassigns by hand, with the refusals' words and statuses", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      expect(await act({ intent: "assign", submissionId: "s1", reviewerId: "r2" })).toEqual({
        message: "The reviewer was assigned to abstract 1 successfully.",
        status: 200,
      });
      expect(await act({ intent: "assign", submissionId: "s1", reviewerId: "r2" })).toEqual({
        message: "r2@example.edu already reviews abstract 1.",
        status: 409,
      });
      expect(await act({ intent: "assign", submissionId: "s3", reviewerId: "r1" })).toEqual({
        message:
          "r1@example.edu has a conflict with abstract 3 (an author, a declared conflict, or a likely conflict: confirm or dismiss it under Likely conflicts first).",
        status: 409,
      });
      expect(await act({ intent: "assign", submissionId: "s1", reviewerId: "ada" })).toEqual({
        message: "That person is not a reviewer.",
        status: 409,
      });
      expect(await act({ intent: "assign", reviewerId: "r2" })).toEqual({
        message: "That abstract no longer exists.",
        status: 409,
      });

      const [assignment] = await listAssignmentsForSubmission(database.db, "s1");
      expect(
        await act({ intent: "unassign", assignmentId: assignment?.assignmentId ?? "" }),
      ).toEqual({
        message: "The reviewer was unassigned from abstract 1 successfully.",
        status: 200,
      });
      expect(await act({ intent: "unassign", assignmentId: "nope" })).toEqual({
        message: "That assignment no longer exists.",
        status: 409,
      });
      const made = await assignReviewer(database.db, {
        editionYear: year,
        submissionId: "s2",
        reviewerId: "r3",
        actor: chair,
      });
      await submitReview(database.db, {
        reviewerId: "r3",
        editionYear: year,
        number: 2,
        review: sampleReview(4, 2),
      });
      expect(
        await act({ intent: "unassign", assignmentId: made.ok ? made.value.assignmentId : "" }),
      ).toEqual({
        message:
          "r3@example.edu has already submitted a review of abstract 2; it cannot be unassigned.",
        status: 409,
      });
    });

    it("reminds the reviewers: nobody to remind, then each reviewer with unfinished reviews, each run read back from its address", async () => {
      const database = await databases.openMigrated();
      const { act, redirectTo, sent } = await setUp(database);
      expect(await act({ intent: "remind" })).toEqual({
        message: "No reviewer has an unfinished review.",
        status: 200,
      });
      /** A run redirects to the page, which reads what it sent from the audit entry it names. */
      const remindedThenRead = async () => {
        const to = await redirectTo({ intent: "remind" });
        expect(to.pathname).toBe("/user-data/review");
        const auditId = to.searchParams.get("reminded") ?? "";
        const counts = await remindersRecorded(database.db, { auditId, actorUserId: chair.userId });
        if (!counts) throw new Error("the run's address reads nothing back");
        return { auditId, counts, message: reminderAnswer(counts)[0].message };
      };
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: "s1",
        reviewerId: "r2",
        actor: chair,
      });
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: "s2",
        reviewerId: "r2",
        actor: chair,
      });
      const first = await remindedThenRead();
      expect(first.counts).toEqual({ reviewers: 1, reviews: 2 });
      expect(first.message).toBe(
        "Reminders sent successfully to 1 reviewer about 2 unfinished reviews.",
      );
      expect(sent.map((message) => message.to)).toEqual(["r2@example.edu"]);
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: "s1",
        reviewerId: "r3",
        actor: chair,
      });
      const second = await remindedThenRead();
      expect(second.message).toBe(
        "Reminders sent successfully to 2 reviewers about 3 unfinished reviews.",
      );
      expect(
        sent
          .map((message) => message.to)
          .slice(1)
          .sort(),
      ).toEqual(["r2@example.edu", "r3@example.edu"]);

      // Reading the address again mails nobody; another admin's, a later or a typed one says nothing.
      expect(
        await remindersRecorded(database.db, {
          auditId: second.auditId,
          actorUserId: chair.userId,
        }),
      ).toEqual({ reviewers: 2, reviews: 3 });
      expect(sent).toHaveLength(3);
      expect(
        await remindersRecorded(database.db, {
          auditId: second.auditId,
          actorUserId: "someone-else",
        }),
      ).toBeNull();
      const later = new Date(Date.now() + 16 * 60_000);
      expect(
        await remindersRecorded(database.db, {
          auditId: second.auditId,
          actorUserId: chair.userId,
          now: later,
        }),
      ).toBeNull();
      for (const auditId of ["not-an-entry", "\u0000", crypto.randomUUID(), "a".repeat(100_000)]) {
        expect(
          await remindersRecorded(database.db, { auditId, actorUserId: chair.userId }),
        ).toBeNull();
      }
    });

    it("answers an unknown intent with 400", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      for (const intent of ["", "constructor", "delete-everything"]) {
        expect(await act({ intent })).toEqual({ message: "Unknown action.", status: 400 });
      }
    });
  });
}
