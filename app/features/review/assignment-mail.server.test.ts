import { describe, expect, it } from "vitest";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { chair, formOf, seedCommittee, silentLogger } from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { handleReviewAdminAction } from "./review-admin-actions.server";

const year = 2025;
const reviewUrl = "https://example.org/review";

async function setUp(database: TestDatabase, options: { isQueueBroken?: boolean } = {}) {
  await seedCommittee(database);
  // Titles to list; the seeded file names ("Secret Author N.pdf") stand for the authors' names.
  for (const number of [1, 2, 3, 4, 5]) {
    await database.db
      .updateTable("submission")
      .set({ title: `Title ${number}` })
      .where("number", "=", number)
      .execute();
  }
  const { sent, mailer } = recordingMailer(options);
  const act = async (values: Record<string, string>) => {
    const answer = await handleReviewAdminAction(
      { db: database.db, mailer, logger: silentLogger },
      { actor: chair, editionYear: year, reviewUrl },
      formOf(values),
    );
    return { ...answer.data, status: answer.init?.status };
  };
  return { sent, act };
}

for (const target of testDatabaseTargets()) {
  describe(`reviewers told of their new abstracts on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("mails each reviewer once per automatic run, listing only that run's new abstracts", async () => {
      const database = await databases.openMigrated();
      const { act, sent } = await setUp(database);
      await act({ intent: "auto-assign", perAbstract: "1" });
      // Five abstracts over three reviewers: one mail each, never one per abstract.
      expect(sent.map((message) => message.to).sort()).toEqual([
        "r1@example.edu",
        "r2@example.edu",
        "r3@example.edu",
      ]);
      const listed = sent.flatMap((message) => [...message.text.matchAll(/- Abstract (\d+)/g)]);
      expect(listed.map((match) => Number(match[1])).sort()).toEqual([1, 2, 3, 4, 5]);
      for (const message of sent) {
        expect(message.text).toContain(reviewUrl);
        expect(message.text).toMatch(/- Abstract \d+: Title \d+/);
        expect(message.text).not.toContain("Secret Author");
        expect(message.subject).toMatch(/new abstracts? to review for SCULC 2025$/);
      }

      // A second run adds only the second reviewer of each abstract: the mails list only those.
      sent.length = 0;
      await act({ intent: "auto-assign", perAbstract: "2" });
      const perReviewer = new Map<string, number>();
      for (const message of sent)
        perReviewer.set(message.to, (perReviewer.get(message.to) ?? 0) + 1);
      expect([...perReviewer.values()].every((count) => count === 1)).toBe(true);
      const second = sent.flatMap((message) => [...message.text.matchAll(/- Abstract (\d+)/g)]);
      expect(second).toHaveLength(5);

      // A run that adds nothing mails nobody.
      sent.length = 0;
      await act({ intent: "auto-assign", perAbstract: "2" });
      expect(sent).toEqual([]);
    });

    it("mails the reviewer an admin assigns by hand, and nobody when the assignment is refused", async () => {
      const database = await databases.openMigrated();
      const { act, sent } = await setUp(database);
      await act({ intent: "assign", submissionId: "s1", reviewerId: "r2" });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: "r2@example.edu",
        subject: "A new abstract to review for SCULC 2025",
      });
      expect(sent[0]?.text).toContain("- Abstract 1: Title 1");
      await act({ intent: "assign", submissionId: "s1", reviewerId: "r2" });
      expect(sent).toHaveLength(1);
    });

    it("assigns nothing when the reviewers' mail cannot be queued: the two commit together", async () => {
      const database = await databases.openMigrated();
      const { act, sent } = await setUp(database, { isQueueBroken: true });
      await expect(act({ intent: "auto-assign", perAbstract: "1" })).rejects.toThrow(
        "the outbox cannot be written",
      );
      await expect(act({ intent: "assign", submissionId: "s1", reviewerId: "r2" })).rejects.toThrow(
        "the outbox cannot be written",
      );
      expect(sent).toEqual([]);
      const assignments = await database.db.selectFrom("review_assignment").select("id").execute();
      expect(assignments).toEqual([]);
      const audited = await database.db.selectFrom("admin_audit").select("action").execute();
      expect(audited.filter((row) => row.action !== "grant-reviewer")).toEqual([]);
    });
  });
}
