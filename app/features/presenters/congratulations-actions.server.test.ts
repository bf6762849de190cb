import { describe, expect, it } from "vitest";
import { answerOf, formOf } from "../../../tests/support/action-answers";
import {
  admin,
  attendanceOf,
  datesAround,
  decideAndRelease,
  seedAbstracts,
  silentLogger,
  year,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { reopenAttendance } from "./attendance-admin.server";
import { handleCongratulationsAction } from "./congratulations-actions.server";
import type { PresenterDates } from "./presenter-dates.server";

const notFound = () => new Response("Not found", { status: 404 });
const ana = { id: "ana", email: "ana@example.edu" };

for (const target of testDatabaseTargets()) {
  describe(`the congratulations page's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const post = (
        fields: Record<string, string>,
        dates: PresenterDates | null = datesAround(1),
        user = ana,
      ) =>
        answerOf(
          handleCongratulationsAction(
            { db: database.db, mailer, logger: silentLogger, notFound },
            {
              user,
              editionYear: year,
              dates,
              configuredAdminEmails: [],
              presentersUrl: "https://example.org/user-data/presenters",
            },
            formOf(fields),
          ),
        );
      return { database, sent, post };
    }

    it("confirms, and says so with the abstract's label", async () => {
      const { database, sent, post } = await ready();
      expect(await post({ intent: "confirm", submissionId: "s1" })).toEqual({
        status: 200,
        body: {
          notice: {
            kind: "success",
            text: "Thank you: your attendance for “Tone sandhi in ʔAkha (ana-1.pdf)” is confirmed.",
          },
          confirmDecline: null,
        },
      });
      expect((await attendanceOf(database, "s1")).attendance).toBe("confirmed");
      expect(sent).toEqual([]);
    });

    it("asks before declining, then declines and tells the admins once", async () => {
      const { database, sent, post } = await ready();
      expect(await post({ intent: "ask-decline", submissionId: "s1" })).toEqual({
        status: 200,
        body: { notice: null, confirmDecline: { id: "s1", label: "Tone sandhi in ʔAkha" } },
      });
      const declined = {
        status: 200,
        body: {
          notice: {
            kind: "success",
            text: "Your answer was saved: you will not present “Tone sandhi in ʔAkha (ana-1.pdf)”. The organizers have been told.",
          },
          confirmDecline: null,
        },
      };
      expect(await post({ intent: "decline", submissionId: "s1" })).toEqual(declined);
      // A replayed decline says the same and mails nobody again.
      expect(await post({ intent: "decline", submissionId: "s1" })).toEqual(declined);
      expect(sent.map((message) => message.to)).toEqual(["admin@example.edu"]);
      expect((await attendanceOf(database, "s1")).attendance).toBe("declined");
    });

    it("after the date: asking and answering are refused with a 409, until reopened", async () => {
      const { database, post } = await ready();
      const closed = {
        status: 409,
        body: {
          notice: {
            kind: "error",
            text: "The date to confirm or decline has passed, so your answer can no longer change. If something has changed, please email the organizers.",
          },
          confirmDecline: null,
        },
      };
      const passed = datesAround(-1);
      expect(await post({ intent: "ask-decline", submissionId: "s2" }, passed)).toEqual(closed);
      expect(await post({ intent: "confirm", submissionId: "s2" }, passed)).toEqual(closed);
      await reopenAttendance(database.db, {
        submissionId: "s2",
        editionYear: year,
        dates: passed,
        actor: admin,
      });
      expect(await post({ intent: "confirm", submissionId: "s2" }, passed)).toMatchObject({
        status: 200,
      });
    });

    it("throws the 404 page for someone else's abstract, an alternate, or no dates", async () => {
      const { post } = await ready();
      expect(
        await post({ intent: "confirm", submissionId: "s1" }, datesAround(1), {
          id: "bo",
          email: "bo@example.edu",
        }),
      ).toEqual({
        status: 404,
        location: null,
      });
      expect(await post({ intent: "ask-decline", submissionId: "s3" })).toMatchObject({
        status: 404,
      });
      expect(await post({ intent: "confirm", submissionId: "s1" }, null)).toMatchObject({
        status: 404,
      });
      // The form without an abstract is refused as not found too.
      expect(await post({ intent: "confirm" })).toMatchObject({ status: 404 });
    });

    it("answers an unknown intent with a 400", async () => {
      const { database, post } = await ready();
      for (const intent of ["constructor", "", "promote"]) {
        expect(await post({ intent, submissionId: "s1" })).toEqual({
          status: 400,
          body: { notice: { kind: "error", text: "Unknown action." }, confirmDecline: null },
        });
      }
      expect((await attendanceOf(database, "s1")).attendance).toBeNull();
    });
  });
}
