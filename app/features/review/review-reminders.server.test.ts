import { describe, expect, it } from "vitest";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  admin,
  auditLabels,
  insertAssignment,
  insertReview,
  seedNamedCommittee,
  silentLogger,
} from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { remindReviewers } from "./review-reminders.server";
import { defaultReviewSettings } from "./review-settings";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`review reminders on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("reminds each reviewer with unfinished reviews once, listing them by number, and audits the run", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      // Ada: one not started, one draft. Ben: everything submitted. Cy: nothing assigned.
      await insertAssignment(database, "s2", "ada");
      await insertReview(database, await insertAssignment(database, "s4", "ada"), {
        merit: 3,
        submittedAt: null,
      });
      await insertReview(database, await insertAssignment(database, "s3", "ben"), { merit: 5 });

      const { sent, mailer } = recordingMailer();
      const outcome = await remindReviewers(
        { db: database.db, mailer, logger: silentLogger },
        {
          editionYear: year,
          actor: admin,
          reviewUrl: "https://example.org/review",
          settings: { isOpen: true, closesAt: "2025-03-22T06:59:00.000Z" },
        },
      );
      expect(outcome).toEqual({
        ok: true,
        value: { reviewers: 1, reviews: 2, auditId: expect.any(String) },
      });
      expect(sent.map((message) => message.to)).toEqual(["ada@example.edu"]);
      const [mail] = sent;
      expect(mail?.subject).toBe("Reminder: 2 unfinished reviews for SCULC 2025");
      expect(mail?.text).toContain("- Abstract 2: not started\n- Abstract 4: draft saved");
      expect(mail?.text).toContain("closes at Mar 21, 2025, 11:59 PM PDT");
      expect(mail?.text).toContain("https://example.org/review");
      // Blind: the reminder names abstracts by number only.
      expect(mail?.text).not.toContain(".pdf");
      expect(mail?.text).not.toMatch(/dee|eve/i);
      expect(await auditLabels(database)).toEqual([
        {
          action: "remind-reviewers",
          actor_label: "admin@example.edu",
          details: "1 reviewer reminded of 2 unfinished reviews",
        },
      ]);
    });

    it("reminds in one step with its audit entry, or not at all; with nothing unfinished nobody is mailed", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      await insertAssignment(database, "s2", "ada");
      await insertAssignment(database, "s2", "ben");
      const broken = recordingMailer({ isQueueBroken: true });
      const { sent, mailer } = recordingMailer();
      const deps = { db: database.db, mailer, logger: silentLogger };
      const input = {
        editionYear: year,
        actor: admin,
        reviewUrl: "https://example.org/review",
        settings: defaultReviewSettings,
      };
      // The outbox cannot be written: the run fails whole, and no reminder is on record.
      await expect(remindReviewers({ ...deps, mailer: broken.mailer }, input)).rejects.toThrow(
        "the outbox cannot be written",
      );
      const audited = () =>
        database.db
          .selectFrom("admin_audit")
          .select("action")
          .where("action", "=", "remind-reviewers")
          .execute();
      expect(await audited()).toEqual([]);
      expect(await remindReviewers(deps, input)).toEqual({
        ok: true,
        value: { reviewers: 2, reviews: 2, auditId: expect.any(String) },
      });
      expect(sent.map((message) => message.to).sort()).toEqual([
        "ada@example.edu",
        "ben@example.edu",
      ]);
      expect(await audited()).toHaveLength(1);

      await database.db.deleteFrom("review_assignment").execute();
      sent.length = 0;
      expect(await remindReviewers(deps, input)).toEqual({
        ok: true,
        value: { reviewers: 0, reviews: 0 },
      });
      expect(sent).toEqual([]);
    });
  });
}
