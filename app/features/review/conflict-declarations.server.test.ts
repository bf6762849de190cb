import { describe, expect, it } from "vitest";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  auditActions,
  chair,
  formOf,
  seedCommittee,
  silentLogger,
} from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { assignReviewer } from "./assignments.server";
import { pdfGate, refusePdfBeforeDeclaration } from "./conflict-declarations.server";
import { handleReviewAbstractAction } from "./review-abstract-actions.server";

const year = 2025;

/** r2 reviews abstract 1; the review page's action as the route calls it. */
async function setUp(database: TestDatabase) {
  await seedCommittee(database);
  await assignReviewer(database.db, {
    editionYear: year,
    submissionId: "s1",
    reviewerId: "r2",
    actor: chair,
  });
  const { sent, mailer } = recordingMailer();
  const act = async (values: Record<string, string>, number = 1) => {
    try {
      const answer = await handleReviewAbstractAction(
        { db: database.db, mailer, logger: silentLogger },
        {
          reviewerId: "r2",
          editionYear: year,
          number,
          configuredAdminEmails: ["chair@example.edu"],
          reviewAdminUrl: "https://example.org/user-data/review",
        },
        formOf(values),
      );
      return { ...answer.data, status: answer.init?.status ?? 200 };
    } catch (thrown) {
      if (thrown instanceof Response) {
        return { redirect: thrown.headers.get("Location"), status: thrown.status };
      }
      throw thrown;
    }
  };
  const gate = (reviewerId = "r2", number = 1) =>
    pdfGate(database.db, { reviewerId, editionYear: year, number });
  const pdfAnswer = async (reviewerId = "r2", number = 1) => {
    const refusal = await refusePdfBeforeDeclaration(database.db, {
      reviewerId,
      editionYear: year,
      number,
    });
    return refusal ? { status: refusal.status, text: await refusal.text() } : null;
  };
  return { sent, act, gate, pdfAnswer };
}

for (const target of testDatabaseTargets()) {
  describe(`the no-conflict declaration before the PDF on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("refuses the PDF until the reviewer declares no conflict, and stores when they did", async () => {
      const database = await databases.openMigrated();
      const { act, gate, pdfAnswer } = await setUp(database);
      expect(await gate()).toBe("undeclared");
      expect(await pdfAnswer()).toEqual({
        status: 403,
        text: "Before you open abstract 1, go back to its review page and declare that you have no conflict of interest with it (or that you have one).",
      });
      // Not assigned: the same 404 as an abstract that does not exist.
      expect(await gate("r3")).toBe("not-assigned");
      expect(await pdfAnswer("r3")).toEqual({ status: 404, text: "Not found" });
      expect(await act({ intent: "declare-no-conflict" }, 2)).toMatchObject({
        notice: { kind: "error", text: "This abstract is not assigned to you (any more)." },
        status: 404,
      });

      const before = Date.now();
      expect(await act({ intent: "declare-no-conflict" })).toEqual({
        notice: {
          kind: "success",
          text: "Thank you: you declared that you have no conflict of interest with this abstract. You can open it now.",
        },
        values: null,
        isConfirmingConflict: false,
        status: 200,
      });
      expect(await gate()).toBe("declared");
      expect(await pdfAnswer()).toBeNull();
      const stored = await database.db
        .selectFrom("review_declaration")
        .select(["submission_id", "reviewer_id", "declared_at"])
        .execute();
      expect(stored).toEqual([
        { submission_id: "s1", reviewer_id: "r2", declared_at: expect.any(String) },
      ]);
      expect(Date.parse(stored[0]?.declared_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
      // Declaring again keeps the first time.
      await act({ intent: "declare-no-conflict" });
      expect(
        await database.db.selectFrom("review_declaration").select("declared_at").execute(),
      ).toEqual([{ declared_at: stored[0]?.declared_at }]);
      // Another reviewer's declaration is theirs alone.
      await assignReviewer(database.db, {
        editionYear: year,
        submissionId: "s1",
        reviewerId: "r3",
        actor: chair,
      });
      expect(await pdfAnswer("r3")).toMatchObject({ status: 403 });
    });

    it("'I have a conflict' removes the assignment, tells the admins and audits it; the PDF is gone", async () => {
      const database = await databases.openMigrated();
      const { act, gate, pdfAnswer, sent } = await setUp(database);
      expect(await act({ intent: "ask-conflict" })).toMatchObject({
        isConfirmingConflict: true,
        status: 200,
      });
      expect(await gate()).toBe("undeclared");
      expect(await act({ intent: "declare-conflict" })).toEqual({
        redirect: "/review?conflict=1",
        status: 302,
      });
      expect(await gate()).toBe("not-assigned");
      expect(await pdfAnswer()).toMatchObject({ status: 404 });
      expect(sent.map((message) => [message.to, message.subject])).toEqual([
        ["chair@example.edu", "Conflict declared on abstract 1 | ULS"],
      ]);
      expect((await auditActions(database)).map((row) => row.action)).toContain("declare-conflict");
    });
  });
}
