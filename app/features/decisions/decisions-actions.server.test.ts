import { describe, expect, it } from "vitest";
import { getPresenterDates } from "~/features/presenters/presenter-dates.server";
import { readCallForAbstracts } from "~/features/submissions/call-for-abstracts.server";
import {
  admin,
  edition,
  links,
  seedAbstracts,
  silentLogger,
} from "../../../tests/support/decision-fixtures";
import { pageAnswer, postedForm } from "../../../tests/support/page-answer";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { handleDecisionsAction } from "./decisions-actions.server";

function decisionOf(database: TestDatabase, id: string) {
  return database.db
    .selectFrom("submission")
    .select(["decision", "accepted_as", "decision_note", "released_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

// Presenter dates a year ahead of the clock, as the release form's datetime-local fields send them.
const futureYear = new Date().getUTCFullYear() + 1;
const futureDates = {
  confirmBy: `${futureYear}-04-15T23:59`,
  materialsDue: `${futureYear}-05-10T23:59`,
};

for (const target of testDatabaseTargets()) {
  describe(`the submissions page's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function setup() {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      const { sent, mailer } = recordingMailer();
      const act = async (fields: Record<string, string>) =>
        pageAnswer(
          await handleDecisionsAction(
            { db: database.db, mailer, logger: silentLogger },
            { edition, actor: admin, mailLinks: async () => links },
            postedForm(fields),
          ),
        );
      return { database, sent, act };
    }

    it("stages each decision, and undoes one", async () => {
      const { database, act } = await setup();
      const saved = { message: "Decision saved successfully; release it when ready.", status: 200 };
      expect(await act({ intent: "accept-talk", submissionId: "s1", note: " strong " })).toEqual(
        saved,
      );
      expect(await act({ intent: "accept-poster", submissionId: "s2" })).toEqual(saved);
      expect(await act({ intent: "alternate", submissionId: "s3" })).toEqual(saved);
      expect(await act({ intent: "reject", submissionId: "s4" })).toEqual(saved);
      expect(await decisionOf(database, "s1")).toMatchObject({
        decision: "accepted",
        accepted_as: "talk",
        decision_note: "strong",
      });
      expect(await decisionOf(database, "s2")).toMatchObject({ accepted_as: "poster" });
      expect(await decisionOf(database, "s3")).toMatchObject({ decision: "alternate" });
      expect(await decisionOf(database, "s4")).toMatchObject({ decision: "rejected" });
      expect(await act({ intent: "undo", submissionId: "s4" })).toEqual({
        message: "Decision undone successfully.",
        status: 200,
      });
      expect(await decisionOf(database, "s4")).toMatchObject({ decision: null });
    });

    it("releases the staged decisions once, mailing the authors", async () => {
      const { database, sent, act } = await setup();
      expect(await act({ intent: "release" })).toEqual({
        message: "There were no decisions to release.",
        status: 200,
      });
      await act({ intent: "reject", submissionId: "s4" });
      expect(await act({ intent: "release", includeReviewComments: "on" })).toEqual({
        message: "Released 1 decision successfully and emailed 1 author.",
        status: 200,
      });
      expect(sent.map((message) => message.to)).toEqual(["cai@example.edu"]);
      await act({ intent: "accept-talk", submissionId: "s1" });
      await act({ intent: "accept-poster", submissionId: "s3" });
      expect(await act({ intent: "release", ...futureDates })).toEqual({
        message: "Released 2 decisions successfully and emailed 3 authors.",
        status: 200,
      });
      expect((await decisionOf(database, "s1")).released_at).not.toBeNull();
    });

    it("refuses to release an acceptance while a presenter date has passed, and saves dates moved in the release form", async () => {
      const { database, sent, act } = await setup();
      // The fixture edition's content dates are in April and May 2025: passed.
      await act({ intent: "accept-talk", submissionId: "s1" });
      const passed = {
        message:
          "Nothing was released: the date by which presenters confirm has passed, and the acceptance emails would ask for it. Move it to a later date in the release form (the fields below), then release again.",
        status: 409,
      };
      expect(await act({ intent: "release" })).toEqual(passed);
      // The form's fields as shown (the content's dates) change nothing.
      expect(
        await act({
          intent: "release",
          confirmBy: "2025-04-15T23:59",
          materialsDue: "2025-05-10T23:59",
        }),
      ).toEqual(passed);
      expect(await act({ intent: "release", confirmBy: futureDates.confirmBy })).toEqual({
        message:
          "Nothing was released: the date for final materials has passed, and the acceptance emails would ask for it. Move it to a later date in the release form (the fields below), then release again.",
        status: 409,
      });
      expect(await act({ intent: "release", confirmBy: "soon", ...{ materialsDue: "" } })).toEqual({
        message: "Please enter the confirm-by date as a date and time. Nothing was released.",
        status: 400,
      });
      expect((await decisionOf(database, "s1")).released_at).toBeNull();
      expect(sent).toEqual([]);

      expect(await act({ intent: "release", ...futureDates })).toMatchObject({ status: 200 });
      expect((await decisionOf(database, "s1")).released_at).not.toBeNull();
      const dates = await getPresenterDates(database.db, edition);
      expect(dates).toMatchObject({ confirmByIsDefault: false, materialsDueIsDefault: false });
      expect(dates?.confirmByText).toContain(`April 15, ${futureYear}`);
      expect(dates?.materialsDueText).toContain(`May 10, ${futureYear}`);
      expect(sent.length).toBeGreaterThan(0);
    });

    it("refuses to change a released decision or a submission that is gone, with a 409", async () => {
      const { database, act } = await setup();
      await act({ intent: "reject", submissionId: "s4" });
      await act({ intent: "release" });
      expect(await act({ intent: "undo", submissionId: "s4" })).toEqual({
        message: "This decision was already released to the author.",
        status: 409,
      });
      expect(await act({ intent: "accept-talk", submissionId: "gone" })).toEqual({
        message: "That submission no longer exists; it may have been deleted.",
        status: 409,
      });
      expect(await act({ intent: "alternate" })).toEqual({
        message: "That submission no longer exists; it may have been deleted.",
        status: 409,
      });
      expect(await decisionOf(database, "s4")).toMatchObject({ decision: "rejected" });
    });

    it("closes and opens the call, with or without a closing time; refuses a time it cannot read", async () => {
      const { database, act } = await setup();
      expect(await act({ intent: "close-call" })).toEqual({
        message: "The call for abstracts was closed successfully.",
        status: 200,
      });
      expect(await readCallForAbstracts(database.db)).toEqual({ isOpen: false, closesAt: null });
      expect(await act({ intent: "open-call", closesAt: "next Tuesday" })).toEqual({
        message: "Please enter the closing time as a date and time.",
        status: 400,
      });
      expect((await readCallForAbstracts(database.db)).isOpen).toBe(false);
      expect(await act({ intent: "open-call", closesAt: " " })).toEqual({
        message: "The call for abstracts was opened successfully.",
        status: 200,
      });
      expect(await readCallForAbstracts(database.db)).toEqual({ isOpen: true, closesAt: null });
      // The same button on an open call sets (or removes) its closing time, and says so.
      expect(await act({ intent: "open-call", closesAt: "2025-03-01T23:59" })).toEqual({
        message:
          "The closing time was set successfully: the call stays open until Mar 1, 2025, 11:59 PM PST.",
        status: 200,
      });
      expect((await readCallForAbstracts(database.db)).closesAt).toMatch(/^2025-03-0[12]T/);
      expect(await act({ intent: "open-call" })).toEqual({
        message:
          "The closing time was removed successfully: the call stays open until you close it.",
        status: 200,
      });
      await act({ intent: "close-call" });
      expect(await act({ intent: "open-call", closesAt: "2025-03-01T23:59" })).toEqual({
        message:
          "The call for abstracts was opened successfully; it closes on Mar 1, 2025, 11:59 PM PST.",
        status: 200,
      });
    });

    it("answers an unknown action with a 400 and changes nothing", async () => {
      const { database, act } = await setup();
      for (const intent of ["promote", "constructor", "toString", ""]) {
        expect(await act({ intent, submissionId: "s1" })).toEqual({
          message: "Unknown action.",
          status: 400,
        });
      }
      expect(await act({ submissionId: "s1" })).toEqual({
        message: "Unknown action.",
        status: 400,
      });
      expect(await decisionOf(database, "s1")).toMatchObject({ decision: null });
      const audit = await database.db.selectFrom("admin_audit").select("id").execute();
      expect(audit).toEqual([]);
    });
  });
}
