import { describe, expect, it } from "vitest";
import {
  admin,
  attendanceOf,
  datesAround,
  decideAndRelease,
  edition,
  seedAbstracts,
  silentLogger,
  year,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { answerAttendance } from "./attendance.server";
import { listPresentersForAdmin, remindWaitingPresenters } from "./attendance-admin.server";
import { getPresenterDates, savePresenterDates } from "./presenter-dates.server";

for (const target of testDatabaseTargets()) {
  describe(`the presenters page on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("the reminder goes once, only to the submitters still waiting, and never after the date", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      await answerAttendance(database.db, {
        userId: "ana",
        submissionId: "s1",
        answer: "confirmed",
        dates: datesAround(1),
      });
      const deps = (mailer: ReturnType<typeof recordingMailer>["mailer"]) => ({
        db: database.db,
        mailer,
        logger: silentLogger,
      });
      const input = {
        editionYear: year,
        congratulationsUrl: "https://example.org/congratulations",
        actor: admin,
      };
      const late = recordingMailer();
      expect(
        await remindWaitingPresenters(deps(late.mailer), { ...input, dates: datesAround(-1) }),
      ).toMatchObject({
        ok: false,
        reason: "reminder-too-late",
      });
      expect(late.sent).toEqual([]);

      const first = recordingMailer();
      expect(
        await remindWaitingPresenters(deps(first.mailer), { ...input, dates: datesAround(1) }),
      ).toMatchObject({
        ok: true,
        value: { mailed: 1 },
      });
      // Only abstract 2 waits (abstract 1 confirmed; 3 is an alternate, 4 rejected); co-authors are not reminded.
      expect(first.sent.map((message) => message.to)).toEqual(["ana@example.edu"]);
      expect(first.sent[0]?.text).toContain("ana-2.pdf");
      expect(first.sent[0]?.text).not.toContain("ana-1.pdf");
      expect((await attendanceOf(database, "s2")).attendance_reminded_at).not.toBeNull();

      const again = recordingMailer();
      expect(
        await remindWaitingPresenters(deps(again.mailer), { ...input, dates: datesAround(1) }),
      ).toMatchObject({
        ok: true,
        value: { mailed: 0 },
      });
      expect(again.sent).toEqual([]);
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("details")
        .where("action", "=", "remind-presenters")
        .execute();
      expect(audit).toEqual([{ details: "Reminded about abstract 2" }]);
    });

    it("the presenters page lists released acceptances and alternates, authors in order", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { accepted, alternates } = await listPresentersForAdmin(database.db, {
        editionYear: year,
        dates: datesAround(-1),
      });
      expect(accepted.map((row) => [row.number, row.acceptedAs, row.attendance])).toEqual([
        [1, "talk", null],
        [2, "poster", null],
      ]);
      expect(alternates.map((row) => [row.number, row.submitterEmail])).toEqual([
        [3, "bo@example.edu"],
      ]);
      expect(accepted[0]?.authors).toEqual([
        "ana Test",
        "Bo Test",
        "Zoë Ŋguyen",
        "Zoë again",
        "No Address",
        "Ana herself",
      ]);
      expect(accepted[0]?.window).toBe("closed");
    });

    it("presenter dates: content defaults, an admin's move (audited), and back", async () => {
      const database = await databases.openMigrated();
      const before = await getPresenterDates(database.db, edition);
      expect(before).toMatchObject({
        confirmByIsDefault: true,
        confirmBy: "2025-04-16T06:59:00.000Z",
      });
      expect(
        await savePresenterDates(database.db, {
          edition,
          confirmBy: "tomorrow",
          materialsDue: "",
          actor: admin,
        }),
      ).toMatchObject({ ok: false, reason: "confirmBy" });
      expect(
        await savePresenterDates(database.db, {
          edition,
          confirmBy: "2026-12-01T12:00",
          // What the form sends for the field nobody touched: the content's date, shown in it.
          materialsDue: "2025-05-10T23:59",
          actor: admin,
        }),
      ).toEqual({ ok: true });
      const moved = await getPresenterDates(database.db, edition);
      expect(moved).toMatchObject({
        confirmBy: "2026-12-01T20:00:00.000Z",
        confirmByIsDefault: false,
        materialsDueIsDefault: true,
      });
      const stored = await database.db
        .selectFrom("presenter_settings")
        .select(["confirm_by", "materials_due"])
        .where("edition_year", "=", year)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ confirm_by: "2026-12-01T20:00:00.000Z", materials_due: null });
      await savePresenterDates(database.db, {
        edition,
        confirmBy: "",
        materialsDue: "",
        actor: admin,
      });
      expect(await getPresenterDates(database.db, edition)).toMatchObject({
        confirmByIsDefault: true,
      });
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("action")
        .where("action", "=", "update-presenter-settings")
        .execute();
      expect(audit).toHaveLength(2);
    });
  });
}
