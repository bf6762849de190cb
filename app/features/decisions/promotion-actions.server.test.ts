import { describe, expect, it } from "vitest";
import {
  admin,
  datesAround,
  decideAndRelease,
  links,
  seedAbstracts,
  silentLogger,
  year,
} from "../../../tests/support/decision-fixtures";
import { pageAnswer, postedForm } from "../../../tests/support/page-answer";
import { recordingMailer } from "../../../tests/support/recording-mailer";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { handlePromoteAction } from "./promotion-actions.server";

for (const target of testDatabaseTargets()) {
  describe(`the presenters page's promote button on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("promotes an alternate, then refuses it; refuses a missing format", async () => {
      const database = await databases.openMigrated();
      await seedAbstracts(database);
      await decideAndRelease(database);
      const { sent, mailer } = recordingMailer();
      const promote = async (fields: Record<string, string>) =>
        pageAnswer(
          await handlePromoteAction(
            { db: database.db, mailer, logger: silentLogger },
            {
              editionYear: year,
              dates: datesAround(1),
              mailLinks: async () => links,
              actor: admin,
            },
            postedForm({ intent: "promote", ...fields }),
          ),
        );

      expect(await promote({ submissionId: "s3", acceptedAs: "lecture" })).toEqual({
        message: "Please choose a talk or a poster.",
        status: 400,
      });
      expect(await promote({ submissionId: "s3" })).toEqual({
        message: "Please choose a talk or a poster.",
        status: 400,
      });
      expect(await promote({ submissionId: "s3", acceptedAs: "talk" })).toEqual({
        message: "Abstract 3 was promoted to a talk successfully; its authors were emailed.",
        status: 200,
      });
      expect(await promote({ submissionId: "s3", acceptedAs: "talk" })).toEqual({
        message: "That abstract is no longer an alternate; it may have been promoted already.",
        status: 409,
      });
      expect(await promote({ acceptedAs: "poster" })).toEqual({
        message: "That abstract is no longer an alternate; it may have been promoted already.",
        status: 409,
      });
      expect(sent.map((message) => message.to)).toEqual(["bo@example.edu"]);
    });
  });
}
