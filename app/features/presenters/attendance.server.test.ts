import { describe, expect, it } from "vitest";
import { listDecisionRecipients } from "~/features/decisions/decision-mail.server";
import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import type { AdminAction } from "~/lib/db/schema";
import {
  admin,
  attendanceOf,
  datesAround,
  decideAndRelease,
  links,
  seedAbstracts,
  silentLogger,
  year,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { answerAttendance, listOwnAcceptedAbstracts } from "./attendance.server";
import { remindWaitingPresenters, reopenAttendance } from "./attendance-admin.server";
import type { PresenterDates } from "./presenter-dates.server";

for (const target of testDatabaseTargets()) {
  describe(`presenters on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("accepting needs a format; alternate and the format are stored and audited", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      expect(
        await stageDecision(database.db, {
          submissionId: "s1",
          decision: "accepted",
          actor: admin,
        }),
      ).toMatchObject({ ok: false });
      await stageDecision(database.db, {
        submissionId: "s1",
        decision: "accepted",
        acceptedAs: "poster",
        actor: admin,
      });
      await stageDecision(database.db, { submissionId: "s3", decision: "alternate", actor: admin });
      const rows = await database.db
        .selectFrom("submission")
        .select(["id", "decision", "accepted_as"])
        .where("id", "in", ["s1", "s3"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { id: "s1", decision: "accepted", accepted_as: "poster" },
        { id: "s3", decision: "alternate", accepted_as: null },
      ]);
      // Undo clears the format with the decision.
      await stageDecision(database.db, { submissionId: "s1", decision: null, actor: admin });
      expect(
        (
          await database.db
            .selectFrom("submission")
            .select("accepted_as")
            .where("id", "=", "s1")
            .executeTakeFirstOrThrow()
        ).accepted_as,
      ).toBeNull();
      const actions = await database.db
        .selectFrom("admin_audit")
        .select("action")
        .orderBy("created_at")
        .execute();
      expect(actions.map((row) => row.action)).toEqual(["accept", "alternate", "undo-decision"]);
    });

    it("release mails each address once per abstract, co-authors included, per outcome", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      const recipients = await listDecisionRecipients(database.db, ["s1"]);
      expect(recipients.get("s1")?.map((each) => each.email)).toEqual([
        "ana@example.edu",
        "BO@Example.edu",
        "zoe@example.edu",
      ]);

      const { sent, result } = await decideAndRelease(database);
      // Ana (abstracts 1 and 2 in one mail), Bo (abstract 1 as a co-author, 3 as its author), Zoë, Cai.
      expect(result).toEqual({ released: 4, authors: 4 });
      const to = sent.map((message) => message.to.toLowerCase()).sort();
      expect(to).toEqual([
        "ana@example.edu",
        "bo@example.edu",
        "cai@example.edu",
        "zoe@example.edu",
      ]);
      const ana = sent.find((message) => message.to === "ana@example.edu");
      expect(ana?.subject).toBe("Action required: confirm your SCULC presentation");
      expect(ana?.text).toContain(
        "Tone sandhi in ʔAkha (ana-1.pdf): accepted as a talk (15 minutes plus 5 minutes of questions)",
      );
      expect(ana?.text).toContain("ana-2.pdf: accepted as a poster");
      expect(ana?.text).toContain("https://example.org/congratulations");
      expect(ana?.text).toContain("Tuesday, April 15, 2025, 11:59 PM Pacific Time");
      const zoe = sent.find((message) => message.to === "zoe@example.edu");
      expect(zoe?.text).toContain("Dear Zoë Ŋguyen,");
      expect(zoe?.text).not.toContain("ana-2.pdf");
      // Bo hears about the acceptance he co-wrote and his own alternate in one mail.
      const bo = sent.find((message) => message.to.toLowerCase() === "bo@example.edu");
      expect(bo?.subject).toBe("Action required: confirm your SCULC presentation");
      expect(bo?.text).toContain("bo-3.pdf: an alternate (on the waiting list)");
      const cai = sent.find((message) => message.to === "cai@example.edu");
      expect(cai?.subject).toBe("Your SCULC 2025 abstract was not accepted");
    });

    it("an alternate alone gets the waiting-list mail", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await stageDecision(database.db, { submissionId: "s4", decision: "alternate", actor: admin });
      const { sent, mailer } = recordingMailer();
      await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        { editionYear: year, actor: admin, links },
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.subject).toBe("Your SCULC 2025 abstract is on the waiting list");
      expect(sent[0]?.text).toContain("https://example.org/status");
    });

    it("an acceptance mail never names a confirm-by date that has passed", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await stageDecision(database.db, {
        submissionId: "s4",
        decision: "accepted",
        acceptedAs: "poster",
        actor: admin,
      });
      const { sent, mailer } = recordingMailer();
      await releaseDecisions(
        { db: database.db, mailer, logger: silentLogger },
        { editionYear: year, actor: admin, links: { ...links, confirmByText: null } },
      );
      expect(sent[0]?.text).toContain(
        "Please confirm or decline your presentation as soon as you can",
      );
      expect(sent[0]?.text).not.toContain("Pacific Time");
    });

    it("answers: only the submitter, only accepted, changeable before the date, frozen after, reopened once", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const open = datesAround(1);
      const passed = datesAround(-1);
      const answer = (
        userId: string,
        submissionId: string,
        answerValue: "confirmed" | "declined",
        dates: PresenterDates,
      ) => answerAttendance(database.db, { userId, submissionId, answer: answerValue, dates });

      // Someone else's abstract, an alternate, a rejection: not found.
      expect(await answer("bo", "s1", "confirmed", open)).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await answer("bo", "s3", "confirmed", open)).toMatchObject({
        ok: false,
        reason: "not-found",
      });
      expect(await answer("cai", "s4", "confirmed", open)).toMatchObject({
        ok: false,
        reason: "not-found",
      });

      expect(await answer("ana", "s1", "declined", open)).toMatchObject({
        ok: true,
        value: { changed: true },
      });
      // A replayed decline changes nothing (and so mails nobody again).
      expect(await answer("ana", "s1", "declined", open)).toMatchObject({
        ok: true,
        value: { changed: false },
      });
      expect(await answer("ana", "s1", "confirmed", open)).toMatchObject({
        ok: true,
        value: { changed: true },
      });
      expect((await attendanceOf(database, "s1")).attendance).toBe("confirmed");

      // After the date: frozen (409), whatever is posted.
      expect(await answer("ana", "s1", "declined", passed)).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect(await answer("ana", "s2", "confirmed", passed)).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect((await attendanceOf(database, "s2")).attendance).toBeNull();

      // Reopen: refused before the date, allowed after it for one abstract; one answer closes it.
      expect(
        await reopenAttendance(database.db, {
          submissionId: "s2",
          editionYear: year,
          dates: open,
          actor: admin,
        }),
      ).toMatchObject({ ok: false, reason: "reopen-too-early" });
      expect(
        await reopenAttendance(database.db, {
          submissionId: "s3",
          editionYear: year,
          dates: passed,
          actor: admin,
        }),
      ).toMatchObject({ ok: false, reason: "not-accepted" });
      expect(
        await reopenAttendance(database.db, {
          submissionId: "s2",
          editionYear: year,
          dates: passed,
          actor: admin,
        }),
      ).toMatchObject({ ok: true });
      const own = await listOwnAcceptedAbstracts(database.db, {
        userId: "ana",
        editionYear: year,
        dates: passed,
      });
      expect(own.map((each) => [each.id, each.window])).toEqual([
        ["s1", "closed"],
        ["s2", "reopened"],
      ]);
      expect(await answer("ana", "s2", "confirmed", passed)).toMatchObject({ ok: true });
      expect(await answer("ana", "s2", "declined", passed)).toMatchObject({
        ok: false,
        reason: "closed",
      });
      expect(await attendanceOf(database, "s2")).toMatchObject({
        attendance: "confirmed",
        attendance_reopened_at: null,
      });
      const audit = await database.db
        .selectFrom("admin_audit")
        .select(["action", "details"])
        .where("action", "=", "reopen-attendance")
        .execute();
      expect(audit).toEqual([{ action: "reopen-attendance", details: "Abstract 2 (ana-2.pdf)" }]);
    });

    it("ten at once: reminders mail each waiting presenter once, an identical decline changes the answer once", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const deps = { db: database.db, mailer, logger: silentLogger };
      const open = datesAround(1);
      const tenTimes = <T>(action: () => Promise<T>) =>
        Promise.all(Array.from({ length: 10 }, action));
      const countAudit = async (action: AdminAction) =>
        (
          await database.db
            .selectFrom("admin_audit")
            .select("id")
            .where("action", "=", action)
            .execute()
        ).length;

      const reminders = await tenTimes(() =>
        remindWaitingPresenters(deps, {
          editionYear: year,
          dates: open,
          congratulationsUrl: links.congratulationsUrl,
          actor: admin,
        }),
      );
      expect(reminders.every((outcome) => outcome.ok)).toBe(true);
      // Ana waits on abstracts 1 and 2: one mail listing both, however many admins pressed the button.
      expect(sent.map((message) => message.to)).toEqual(["ana@example.edu"]);
      expect(await countAudit("remind-presenters")).toBe(1);

      const declines = await tenTimes(() =>
        answerAttendance(database.db, {
          userId: "ana",
          submissionId: "s1",
          answer: "declined",
          dates: open,
        }),
      );
      // Each answer is told it stands; only one changed the row (so one notice to the admins).
      expect(declines.every((outcome) => outcome.ok)).toBe(true);
      expect(declines.filter((outcome) => outcome.ok && outcome.value.changed)).toHaveLength(1);
      expect(await attendanceOf(database, "s1")).toMatchObject({ attendance: "declined" });
    });
  });
}
