import { describe, expect, it } from "vitest";
import { answerAttendance } from "~/features/presenters/attendance.server";
import { listPresentersForAdmin } from "~/features/presenters/attendance-admin.server";
import {
  admin,
  datesAround,
  decideAndRelease,
  links,
  seedAbstracts,
  silentLogger,
  year,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { promoteAlternate } from "./promotion.server";

for (const target of testDatabaseTargets()) {
  describe(`promoting an alternate on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("promoting an alternate accepts it at once, mails its authors, and is refused twice", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const deps = { db: database.db, mailer, logger: silentLogger };
      const input = {
        editionYear: year,
        acceptedAs: "poster" as const,
        dates: datesAround(-1),
        links,
        actor: admin,
      };
      // Not an alternate: refused.
      expect(await promoteAlternate(deps, { ...input, submissionId: "s4" })).toEqual({
        ok: false,
        reason: "notAlternate",
      });
      expect(await promoteAlternate(deps, { ...input, submissionId: "s3" })).toEqual({
        ok: true,
        value: { number: 3 },
      });
      expect(await promoteAlternate(deps, { ...input, submissionId: "s3" })).toEqual({
        ok: false,
        reason: "notAlternate",
      });
      expect(sent.map((message) => message.to)).toEqual(["bo@example.edu"]);
      expect(sent[0]?.subject).toBe("Action required: confirm your SCULC presentation");
      expect(sent[0]?.text).toContain("bo-3.pdf: accepted as a poster");
      // Promoted after the confirm-by date: the answer starts reopened, so Bo can still confirm.
      expect(
        await answerAttendance(database.db, {
          userId: "bo",
          submissionId: "s3",
          answer: "confirmed",
          dates: datesAround(-1),
        }),
      ).toMatchObject({ ok: true });
      const { accepted, alternates } = await listPresentersForAdmin(database.db, {
        editionYear: year,
        dates: datesAround(-1),
      });
      expect(alternates).toEqual([]);
      expect(accepted.map((row) => [row.number, row.acceptedAs, row.attendance])).toEqual([
        [1, "talk", null],
        [2, "poster", null],
        [3, "poster", "confirmed"],
      ]);
      expect(accepted[0]?.authors).toEqual([
        "ana Test",
        "Bo Test",
        "Zoë Ŋguyen",
        "Zoë again",
        "No Address",
        "Ana herself",
      ]);
    });

    it("ten at once: a promotion happens once, with one mail and one audit entry", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const deps = { db: database.db, mailer, logger: silentLogger };
      const promotions = await Promise.all(
        Array.from({ length: 10 }, () =>
          promoteAlternate(deps, {
            submissionId: "s3",
            editionYear: year,
            acceptedAs: "talk",
            dates: datesAround(1),
            links,
            actor: admin,
          }),
        ),
      );
      expect(promotions.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(sent.map((message) => message.to)).toEqual(["bo@example.edu"]);
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("id")
        .where("action", "=", "promote-alternate")
        .execute();
      expect(audit).toHaveLength(1);
    });
  });
}
