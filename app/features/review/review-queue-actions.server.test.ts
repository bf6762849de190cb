import { describe, expect, it } from "vitest";
import { redirectOf } from "../../../tests/support/redirects";
import { chair, formOf, seedCommittee } from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import { countSelfTaken } from "./assignments.server";
import { handleReviewQueueAction } from "./review-queue-actions.server";
import { defaultReviewSettings } from "./review-settings";
import { saveReviewSettings } from "./review-settings.server";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`the review queue's action on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("takes the next abstract and leads to it; the same click again leads to the same one", async () => {
      const database = await databases.openMigrated();
      await seedCommittee(database);
      const r2 = { id: "r2", editionYear: year };
      expect(
        await redirectOf(
          handleReviewQueueAction(
            database.db,
            r2,
            formOf({ intent: "take-next", takenBefore: "0" }),
          ),
        ),
      ).toEqual({ status: 302, location: "/review/abstracts/1" });
      expect(
        await redirectOf(
          handleReviewQueueAction(
            database.db,
            r2,
            formOf({ intent: "take-next", takenBefore: "0" }),
          ),
        ),
      ).toEqual({ status: 302, location: "/review/abstracts/1" });
      // A count that is no count takes another, as a fresh page would.
      expect(
        await redirectOf(
          handleReviewQueueAction(
            database.db,
            r2,
            formOf({ intent: "take-next", takenBefore: "-1" }),
          ),
        ),
      ).toEqual({ status: 302, location: "/review/abstracts/2" });
      expect(await countSelfTaken(database.db, { editionYear: year, reviewerId: "r2" })).toBe(2);
    });

    it("answers a refusal with its notice and status, and an unknown intent with 400", async () => {
      const database = await databases.openMigrated();
      await seedCommittee(database);
      const notAReviewer = await handleReviewQueueAction(
        database.db,
        { id: "ada", editionYear: year },
        formOf({ intent: "take-next" }),
      );
      expect(notAReviewer.data).toEqual({
        notice: { kind: "error", text: "You are not a reviewer." },
      });
      expect(notAReviewer.init?.status).toBe(403);

      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, canSelfAssign: false },
        chair,
      );
      const r2 = { id: "r2", editionYear: year };
      const notAllowed = await handleReviewQueueAction(
        database.db,
        r2,
        formOf({ intent: "take-next" }),
      );
      expect(notAllowed.data).toEqual({
        notice: {
          kind: "error",
          text: "Reviewers cannot take abstracts themselves in this edition.",
        },
      });
      expect(notAllowed.init?.status).toBe(403);

      for (const intent of ["", "constructor", "take-the-lot"]) {
        const unknown = await handleReviewQueueAction(database.db, r2, formOf({ intent }));
        expect(unknown.data).toEqual({ notice: { kind: "error", text: "Unknown request." } });
        expect(unknown.init?.status).toBe(400);
      }
    });

    it("answers 409 when no abstract is left to take", async () => {
      const database = await databases.openMigrated();
      await seedCommittee(database);
      await database.db.deleteFrom("submission").execute();
      const none = await handleReviewQueueAction(
        database.db,
        { id: "r2", editionYear: year },
        formOf({ intent: "take-next" }),
      );
      expect(none.data).toEqual({
        notice: { kind: "error", text: "There is no abstract left for you to take." },
      });
      expect(none.init?.status).toBe(409);
    });
  });
}
