import { describe, expect, it } from "vitest";
import { answerOf, formOf } from "../../../tests/support/action-answers";
import {
  admin,
  attendanceOf,
  datesAround,
  decideAndRelease,
  edition,
  seedAbstracts,
  silentLogger,
} from "../../../tests/support/decision-fixtures";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import type { PresenterDates } from "./presenter-dates.server";
import { handlePresentersAdminAction } from "./presenters-admin-actions.server";

for (const target of testDatabaseTargets()) {
  describe(`the presenters page's actions on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    async function ready() {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const post = (fields: Record<string, string>, dates: PresenterDates = datesAround(1)) =>
        answerOf(
          handlePresentersAdminAction(
            { db: database.db, mailer, logger: silentLogger },
            {
              actor: admin,
              edition,
              dates,
              congratulationsUrl: async () => "https://example.org/congratulations",
            },
            formOf(fields),
          ),
        );
      return { database, sent, post };
    }

    it("reminds the waiting presenters once, and refuses after the date", async () => {
      const { sent, post } = await ready();
      expect(await post({ intent: "remind" }, datesAround(-1))).toEqual({
        status: 409,
        body: {
          message:
            "The date to confirm has passed, so a reminder would ask for an answer nobody can give. Move the date first, or reopen the answer for one presenter.",
        },
      });
      expect(await post({ intent: "remind" })).toEqual({
        status: 200,
        body: { message: "Reminded 1 presenter successfully." },
      });
      expect(sent.map((message) => message.to)).toEqual(["ana@example.edu"]);
      expect(await post({ intent: "remind" })).toEqual({
        status: 200,
        body: { message: "Nobody is waiting who has not been reminded already." },
      });
    });

    it("reopens one answer after the date only, and only of an accepted abstract", async () => {
      const { database, post } = await ready();
      expect(await post({ intent: "reopen", submissionId: "s2" })).toEqual({
        status: 409,
        body: {
          message:
            "The date to confirm has not passed yet: presenters can still answer themselves.",
        },
      });
      expect(await post({ intent: "reopen", submissionId: "s3" }, datesAround(-1))).toEqual({
        status: 404,
        body: { message: "That abstract is not an accepted one." },
      });
      expect(await post({ intent: "reopen", submissionId: "s2" }, datesAround(-1))).toEqual({
        status: 200,
        body: {
          message:
            "The answer for abstract 2 was reopened successfully: its presenter can answer once more.",
        },
      });
      expect((await attendanceOf(database, "s2")).attendance_reopened_at).not.toBeNull();
    });

    it("saves the dates, and refuses a date it cannot read with the field's message", async () => {
      const { database, post } = await ready();
      expect(
        await post({ intent: "save-dates", confirmBy: "2026-12-01T12:00", materialsDue: "" }),
      ).toEqual({ status: 200, body: { message: "The presenter dates were saved successfully." } });
      expect(
        await post({ intent: "save-dates", confirmBy: "", materialsDue: "next week" }),
      ).toEqual({
        status: 400,
        body: {
          message: "Please enter the final-materials date as a date and time.",
          fieldErrors: {
            materialsDue: "Please enter the final-materials date as a date and time.",
          },
        },
      });
      const stored = await database.db
        .selectFrom("presenter_settings")
        .select("confirm_by")
        .executeTakeFirstOrThrow();
      expect(stored.confirm_by).toBe("2026-12-01T20:00:00.000Z");
    });

    it("answers an unknown intent with a 400", async () => {
      const { post } = await ready();
      for (const intent of ["constructor", "", "promote-all"]) {
        expect(await post({ intent })).toEqual({
          status: 400,
          body: { message: "Unknown action." },
        });
      }
    });
  });
}
