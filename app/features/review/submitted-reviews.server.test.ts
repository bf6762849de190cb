import { describe, expect, it } from "vitest";
import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  admin,
  auditLabels,
  decisionLinks,
  insertAssignment,
  insertReview,
  seedNamedCommittee,
  silentLogger,
} from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { defaultReviewSettings } from "./review-settings";
import { listCommentsToAuthors, listSubmittedReviews } from "./submitted-reviews.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`submitted reviews on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("release with the comments to the authors: submitted ones only, numbered, never the committee's or who wrote them", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      await insertReview(database, await insertAssignment(database, "s4", "ada"), {
        merit: 4,
        toAuthors: "Clear data; say more about the corpus.",
        toCommittee: "COMMITTEE-ONLY: I know the author.",
        // Reviewers are numbered in the order they submitted: two rows written in the same
        // millisecond would be ordered by their random ids instead.
        submittedAt: "2025-04-01T10:00:00.000Z",
      });
      await insertReview(database, await insertAssignment(database, "s4", "ben"), {
        merit: 5,
        toAuthors: "A strong argument.",
        submittedAt: "2025-04-01T11:00:00.000Z",
      });
      // Cy's draft is not the author's to read.
      await insertReview(database, await insertAssignment(database, "s4", "cy"), {
        merit: 1,
        toAuthors: "DRAFT-TEXT",
        submittedAt: null,
      });
      await insertReview(database, await insertAssignment(database, "s2", "ada"), {
        merit: 2,
        toAuthors: "  ",
      });
      for (const submissionId of ["s4", "s2"]) {
        expect(
          await stageDecision(database.db, {
            submissionId,
            decision: submissionId === "s4" ? "accepted" : "rejected",
            acceptedAs: "talk",
            actor: admin,
          }),
        ).toEqual({ ok: true });
      }

      const { sent, mailer } = recordingMailer();
      const result = await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          links: decisionLinks,
          includeReviewComments: true,
        },
      );
      expect(result).toEqual({ released: 2, authors: 2 });
      const eve = sent.find((message) => message.to === "eve@example.edu");
      expect(eve?.text).toContain(
        "The reviewers' comments on eve-abstract-4.pdf:\n\nReviewer 1:\nClear data; say more about the corpus.\n\nReviewer 2:\nA strong argument.",
      );
      for (const message of sent) {
        expect(message.text).not.toContain("COMMITTEE-ONLY");
        expect(message.text).not.toContain("DRAFT-TEXT");
        expect(message.text).not.toMatch(/ada|ben|cy@|Test\b/i);
      }
      // Dee's only review has no comment for her: no empty heading.
      const dee = sent.find((message) => message.to === "dee@example.edu");
      expect(dee?.text).not.toContain("The reviewers' comments");
      const audit = await auditLabels(database);
      expect(audit.at(-1)?.details).toBe(
        "2 decisions released, with the reviewers' comments to the authors",
      );
    });

    it("release without the choice leaves the comments out", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      await insertReview(database, await insertAssignment(database, "s4", "ada"), {
        merit: 4,
        toAuthors: "Clear data.",
      });
      await stageDecision(database.db, {
        submissionId: "s4",
        decision: "accepted",
        acceptedAs: "poster",
        actor: admin,
      });
      const { sent, mailer } = recordingMailer();
      await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          links: decisionLinks,
        },
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).not.toContain("Clear data.");
    });

    it("one query: every submitted review for the committee, only the comments to the authors for the mail", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      await insertReview(database, await insertAssignment(database, "s4", "ben"), {
        merit: 5,
        toAuthors: "  Second.  ",
        toCommittee: "COMMITTEE-ONLY",
        submittedAt: "2025-03-02T00:00:00.000Z",
      });
      await insertReview(database, await insertAssignment(database, "s4", "ada"), {
        merit: 4,
        toAuthors: "First.",
        submittedAt: "2025-03-01T00:00:00.000Z",
      });
      await insertReview(database, await insertAssignment(database, "s2", "cy"), {
        merit: 2,
        toAuthors: " ",
        submittedAt: "2025-03-03T00:00:00.000Z",
      });
      await insertReview(database, await insertAssignment(database, "s2", "ada"), {
        merit: 1,
        toAuthors: "DRAFT-TEXT",
        submittedAt: null,
      });

      const all = await listSubmittedReviews(database.db, year, defaultReviewSettings);
      // By abstract number, then in the order submitted; drafts never.
      expect(all.map((each) => [each.number, each.reviewerEmail])).toEqual([
        [2, "cy@example.edu"],
        [4, "ada@example.edu"],
        [4, "ben@example.edu"],
      ]);
      expect(all[2]).toMatchObject({
        submissionId: "s4",
        title: "eve-abstract-4.pdf",
        fileName: "eve-abstract-4.pdf",
        reviewerName: "Ben Test",
        merit: 5,
        meritLabel: "Accept",
        commentsToAuthors: "  Second.  ",
        commentsToCommittee: "COMMITTEE-ONLY",
        submittedAt: "2025-03-02T00:00:00.000Z",
      });

      const comments = await listCommentsToAuthors(database.db, ["s2", "s4"]);
      // Trimmed, in the order submitted, a blank comment left out: only the text.
      expect([...comments.entries()]).toEqual([["s4", ["First.", "Second."]]]);
      expect(await listCommentsToAuthors(database.db, [])).toEqual(new Map());
    });
  });
}
