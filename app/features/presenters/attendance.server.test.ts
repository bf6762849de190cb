import { describe, expect, it } from "vitest";
import { listDecisionRecipients } from "~/features/decisions/decision-mail.server";
import { releaseDecisions, stageDecision } from "~/features/decisions/decisions.server";
import { promoteAlternate } from "~/features/decisions/promotion.server";
import type { AdminAction } from "~/lib/db/schema";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { insertTestUser } from "../../../tests/support/test-users";
import {
  answerAttendance,
  listOwnAcceptedAbstracts,
  listPresentersForAdmin,
  mailAdminsAboutDecline,
  remindWaitingPresenters,
  reopenAttendance,
} from "./attendance.server";
import {
  getPresenterDates,
  type PresenterDates,
  savePresenterDates,
} from "./presenter-dates.server";

const year = 2025;
const admin = { userId: "admin", label: "admin@example.edu" };
const silentLogger = { info: () => {}, error: () => {} };
const links = {
  statusUrl: "https://example.org/status",
  congratulationsUrl: "https://example.org/congratulations",
  confirmByText: "Tuesday, April 15, 2025, 11:59 PM Pacific Time",
  talk: { minutes: 15, questionMinutes: 5 },
};
const edition = {
  year,
  abstracts: {
    acceptance: { confirmByAt: "2025-04-15T23:59", materialsDueAt: "2025-05-10T23:59" },
  },
} as Parameters<typeof getPresenterDates>[1];

/** Dates with the confirm-by moment an hour ahead of (or behind) now. */
function datesAround(hours: number): PresenterDates {
  const confirmBy = new Date(Date.now() + hours * 3600_000).toISOString();
  return {
    confirmBy,
    materialsDue: confirmBy,
    confirmByText: "then",
    materialsDueText: "then",
    confirmByIsDefault: false,
    materialsDueIsDefault: false,
  };
}

/**
 * Ana wrote abstracts 1 and 2, Bo abstract 3, Cai abstract 4. Abstract 1 has co-authors: Bo (whose
 * address appears in another case), "Zoë Ŋguyen" twice under two spellings of one address, and one
 * without an address.
 */
async function seed(database: TestDatabase) {
  const db = database.db;
  for (const [id, firstName] of [
    ["ana", "Ana"],
    ["bo", "Bo"],
    ["cai", "Cai"],
    ["admin", "Admin"],
  ] as const) {
    await insertTestUser(database, { id, email: `${id}@example.edu`, firstName, lastName: "Test" });
  }
  await db.updateTable("user").set({ role: "admin" }).where("id", "=", "admin").execute();
  const owners = ["ana", "ana", "bo", "cai"];
  for (const [index, owner] of owners.entries()) {
    const number = index + 1;
    await db
      .insertInto("submission")
      .values({
        id: `s${number}`,
        user_id: owner,
        edition_year: year,
        number,
        title: number === 1 ? "Tone sandhi in ʔAkha" : "",
        file_name: `${owner}-${number}.pdf`,
        storage_key: `abstracts/${owner}/${number}.pdf`,
        size_bytes: 1000,
        sha256: "0".repeat(64),
        page_count: 1,
        word_count: 300,
        warnings: "[]",
        uploaded_at: `2025-02-0${number}T12:00:00.000Z`,
        decision: null,
        decision_note: null,
        decided_by: null,
        decided_at: null,
        released_at: null,
      })
      .execute();
    await db
      .insertInto("submission_author")
      .values({
        submission_id: `s${number}`,
        position: 0,
        user_id: owner,
        name: `${owner} Test`,
        affiliation: "",
        email: `${owner}@example.edu`,
        is_presenter: 1,
      })
      .execute();
  }
  const coAuthors: [string, string | null][] = [
    ["Bo Test", "BO@Example.edu"],
    ["Zoë Ŋguyen", "zoe@example.edu"],
    ["Zoë again", "Zoe@Example.EDU"],
    ["No Address", null],
    ["Ana herself", "ANA@example.edu"],
  ];
  for (const [index, [name, email]] of coAuthors.entries()) {
    await db
      .insertInto("submission_author")
      .values({
        submission_id: "s1",
        position: index + 1,
        user_id: null,
        name,
        affiliation: "",
        email,
        is_presenter: 0,
      })
      .execute();
  }
}

async function decideAndRelease(database: TestDatabase) {
  await stageDecision(database.db, {
    submissionId: "s1",
    decision: "accepted",
    acceptedAs: "talk",
    actor: admin,
  });
  await stageDecision(database.db, {
    submissionId: "s2",
    decision: "accepted",
    acceptedAs: "poster",
    actor: admin,
  });
  await stageDecision(database.db, { submissionId: "s3", decision: "alternate", actor: admin });
  await stageDecision(database.db, { submissionId: "s4", decision: "rejected", actor: admin });
  const { sent, mailer } = recordingMailer();
  const result = await releaseDecisions(
    { db: database.db, mailer, logger: silentLogger },
    { editionYear: year, actor: admin, links },
  );
  return { sent, result };
}

async function attendanceOf(database: TestDatabase, id: string) {
  return database.db
    .selectFrom("submission")
    .select(["attendance", "attendance_reopened_at", "attendance_reminded_at", "decision"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

for (const target of testDatabaseTargets()) {
  describe(`presenters on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("accepting needs a format; alternate and the format are stored and audited", async () => {
      const database = await databases.openMigrated();
      await seed(database);
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
      await seed(database);
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
      await seed(database);
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

    it("answers: only the submitter, only accepted, changeable before the date, frozen after, reopened once", async () => {
      const database = await databases.openMigrated();
      await seed(database);
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
      expect(await answer("bo", "s1", "confirmed", open)).toMatchObject({ ok: false, status: 404 });
      expect(await answer("bo", "s3", "confirmed", open)).toMatchObject({ ok: false, status: 404 });
      expect(await answer("cai", "s4", "confirmed", open)).toMatchObject({
        ok: false,
        status: 404,
      });

      expect(await answer("ana", "s1", "declined", open)).toMatchObject({
        ok: true,
        changed: true,
      });
      // A replayed decline changes nothing (and so mails nobody again).
      expect(await answer("ana", "s1", "declined", open)).toMatchObject({
        ok: true,
        changed: false,
      });
      expect(await answer("ana", "s1", "confirmed", open)).toMatchObject({
        ok: true,
        changed: true,
      });
      expect((await attendanceOf(database, "s1")).attendance).toBe("confirmed");

      // After the date: frozen (409), whatever is posted.
      expect(await answer("ana", "s1", "declined", passed)).toMatchObject({
        ok: false,
        status: 409,
      });
      expect(await answer("ana", "s2", "confirmed", passed)).toMatchObject({
        ok: false,
        status: 409,
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
      ).toMatchObject({ ok: false, status: 409 });
      expect(
        await reopenAttendance(database.db, {
          submissionId: "s3",
          editionYear: year,
          dates: passed,
          actor: admin,
        }),
      ).toMatchObject({ ok: false, status: 404 });
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
        status: 409,
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

    it("a decline is mailed to every admin", async () => {
      const database = await databases.openMigrated();
      await seed(database);
      const { sent, mailer } = recordingMailer();
      await mailAdminsAboutDecline(
        { db: database.db, mailer, logger: silentLogger },
        {
          configuredAdminEmails: [],
          number: 1,
          label: "Tone sandhi in ʔAkha (ana-1.pdf)",
          presenterEmail: "ana@example.edu",
          presentersUrl: "https://example.org/user-data/presenters",
        },
      );
      expect(sent.map((message) => message.to)).toEqual(["admin@example.edu"]);
      expect(sent[0]?.text).toContain(
        "ana@example.edu declined to present abstract 1: Tone sandhi in ʔAkha",
      );
    });

    it("the reminder goes once, only to the submitters still waiting, and never after the date", async () => {
      const database = await databases.openMigrated();
      await seed(database);
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
        status: 409,
      });
      expect(late.sent).toEqual([]);

      const first = recordingMailer();
      expect(
        await remindWaitingPresenters(deps(first.mailer), { ...input, dates: datesAround(1) }),
      ).toMatchObject({
        ok: true,
        mailed: 1,
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
        mailed: 0,
      });
      expect(again.sent).toEqual([]);
      const audit = await database.db
        .selectFrom("admin_audit")
        .select("details")
        .where("action", "=", "remind-presenters")
        .execute();
      expect(audit).toEqual([{ details: "Reminded about abstract 2" }]);
    });

    it("ten at once: reminders mail each waiting presenter once, a promotion happens once, an identical decline changes the answer once", async () => {
      const database = await databases.openMigrated();
      await seed(database);
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

      sent.length = 0;
      const promotions = await tenTimes(() =>
        promoteAlternate(deps, {
          submissionId: "s3",
          editionYear: year,
          acceptedAs: "talk",
          dates: open,
          links,
          actor: admin,
        }),
      );
      expect(promotions.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(sent.map((message) => message.to)).toEqual(["bo@example.edu"]);
      expect(await countAudit("promote-alternate")).toBe(1);

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
      expect(declines.filter((outcome) => outcome.ok && outcome.changed)).toHaveLength(1);
      expect(await attendanceOf(database, "s1")).toMatchObject({ attendance: "declined" });
    });

    it("promoting an alternate accepts it at once, mails its authors, and is refused twice", async () => {
      const database = await databases.openMigrated();
      await seed(database);
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
      expect(await promoteAlternate(deps, { ...input, submissionId: "s4" })).toMatchObject({
        ok: false,
      });
      expect(await promoteAlternate(deps, { ...input, submissionId: "s3" })).toMatchObject({
        ok: true,
      });
      expect(await promoteAlternate(deps, { ...input, submissionId: "s3" })).toMatchObject({
        ok: false,
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
      ).toMatchObject({ ok: false, field: "confirmBy" });
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
