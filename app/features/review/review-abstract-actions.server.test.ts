import { describe, expect, it } from "vitest";
import { redirectOf } from "../../../tests/support/redirects";
import { filledReviewForm, reviewPageOfR2 } from "../../../tests/support/review-page-action";
import { chair } from "../../../tests/support/review-seeds";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { hasDeclaredConflict } from "./assignments.server";
import { savedNotice } from "./review-abstract-actions.server";
import { defaultReviewSettings } from "./review-settings";
import { saveReviewSettings } from "./review-settings.server";
import { listReviewQueue } from "./reviewer-reviews.server";

const year = 2025;
const filled = filledReviewForm;

/** r2 reviews abstract 1; the action as the route calls it, with a mailer that keeps the mail. */
const setUp = (database: TestDatabase) => reviewPageOfR2(database, ["s1"]);

for (const target of testDatabaseTargets()) {
  describe(`the review page's action on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("saves a draft, submits, and updates, each redirecting to the page that says so", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      /** A save answers with a redirect to the page's address. */
      const savedTo = async (values: Record<string, string>) => {
        const { status, location } = await redirectOf(act(values));
        expect(status).toBe(302);
        return location;
      };
      expect(await savedTo({ intent: "save-draft", ...filled, confidence: "" })).toBe(
        "/review/abstracts/1?saved=draft",
      );
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("draft");
      expect(await savedTo({ intent: "submit", ...filled })).toBe(
        "/review/abstracts/1?saved=submitted",
      );
      expect(await savedTo({ intent: "submit", ...filled, merit: "5" })).toBe(
        "/review/abstracts/1?saved=updated",
      );
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("submitted");
    });

    it("answers a refused review with its notice, its status and the values sent back", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      const incomplete = await act({ intent: "submit", ...filled, confidence: "" });
      expect(incomplete.data).toEqual({
        notice: {
          kind: "error",
          text: "Choose an overall merit and a confidence before submitting the review.",
        },
        values: { merit: 4, confidence: null, commentsToAuthors: "Fine.", commentsToCommittee: "" },
        isConfirmingConflict: false,
      });
      expect(incomplete.init?.status).toBe(400);
      const offScale = await act({ intent: "save-draft", ...filled, confidence: "7" });
      expect(offScale.data.notice).toEqual({
        kind: "error",
        text: "Choose a confidence from the list.",
      });
      expect(offScale.init?.status).toBe(400);
      const notMine = await act({ intent: "save-draft", ...filled }, 2);
      expect(notMine.data.notice?.text).toBe("This abstract is not assigned to you (any more).");
      expect(notMine.init?.status).toBe(404);
      // Submitted: the save answers with its redirect.
      await expect(act({ intent: "submit", ...filled })).rejects.toBeInstanceOf(Response);
      const again = await act({ intent: "save-draft", ...filled });
      expect(again.data.notice?.text).toBe(
        "This review is already submitted; use “Update review” to change it.",
      );
      expect(again.init?.status).toBe(409);
      await saveReviewSettings(
        database.db,
        year,
        { ...defaultReviewSettings, isOpen: false },
        chair,
      );
      const closed = await act({ intent: "submit", ...filled });
      expect(closed.data.notice?.text).toBe(
        "The review period is closed: reviews can no longer be changed.",
      );
      expect(closed.init?.status).toBe(409);
    });

    it("refuses a form it cannot read, and an unknown intent", async () => {
      const database = await databases.openMigrated();
      const { act } = await setUp(database);
      const crafted = await act({ intent: "save-draft", ...filled, merit: "4.5" });
      expect(crafted.data).toEqual({
        notice: { kind: "error", text: "Invalid input" },
        // The page is a document: the form comes back as sent, less the score that is no number.
        values: { merit: null, confidence: 2, commentsToAuthors: "Fine.", commentsToCommittee: "" },
        isConfirmingConflict: false,
      });
      expect(crafted.init?.status).toBe(400);
      for (const intent of ["", "toString", "delete"]) {
        const unknown = await act({ intent, ...filled });
        expect(unknown.data.notice).toEqual({ kind: "error", text: "Unknown request." });
        expect(unknown.init?.status).toBe(400);
      }
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("not-started");
    });

    it("asks before declaring a conflict; declaring it tells the admins and leads back to the queue", async () => {
      const database = await databases.openMigrated();
      const { act, sent } = await setUp(database);
      const asked = await act({ intent: "ask-conflict" });
      expect(asked.data).toEqual({ notice: null, values: null, isConfirmingConflict: true });
      // Asked from a page with the review form on it: the unsaved review comes back with the question,
      // and again with "Cancel", with nothing saved.
      const typed = {
        ...filled,
        merit: "3",
        commentsToAuthors: "Half a thought\r\nand more",
      };
      const typedValues = {
        merit: 3,
        confidence: 2,
        commentsToAuthors: "Half a thought\nand more",
        commentsToCommittee: "",
      };
      expect((await act({ intent: "ask-conflict", ...typed })).data).toEqual({
        notice: null,
        values: typedValues,
        isConfirmingConflict: true,
      });
      expect((await act({ intent: "keep-reviewing", ...typed })).data).toEqual({
        notice: null,
        values: typedValues,
        isConfirmingConflict: false,
      });
      expect((await listReviewQueue(database.db, "r2", year))[0]?.status).toBe("not-started");
      // Neither is answered for an abstract that is not the reviewer's: 404, as its page.
      for (const intent of ["ask-conflict", "keep-reviewing"]) {
        const notMine = await act({ intent, ...typed }, 2);
        expect(notMine.data.notice?.text).toBe("This abstract is not assigned to you (any more).");
        expect(notMine.init?.status).toBe(404);
      }
      const thrown = await act({ intent: "declare-conflict" }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe("/review?conflict=1");
      expect(
        await hasDeclaredConflict(database.db, { editionYear: year, reviewerId: "r2", number: 1 }),
      ).toBe(true);
      expect(sent.map((message) => message.subject)).toEqual([
        "Conflict declared on abstract 1 | ULS",
      ]);
      expect(sent[0]?.text).toContain("https://example.org/user-data/review");

      const gone = await act({ intent: "declare-conflict" });
      expect(gone.data.notice).toEqual({
        kind: "error",
        text: "This abstract is not assigned to you (any more).",
      });
      expect(gone.init?.status).toBe(404);
    });
  });
}

describe("the notice after a save, from the page's address", () => {
  it("says what was saved only when the review agrees with the address", () => {
    const success = (text: string) => ({ kind: "success", text });
    expect(savedNotice("draft", "draft")).toEqual(success("Draft saved successfully."));
    expect(savedNotice("submitted", "submitted")).toEqual(
      success("Review submitted successfully. Thank you!"),
    );
    expect(savedNotice("updated", "submitted")).toEqual(success("Review updated successfully."));
    // Typed or stale addresses say nothing.
    expect(savedNotice("draft", "submitted")).toBeNull();
    expect(savedNotice("submitted", "draft")).toBeNull();
    expect(savedNotice("updated", "not-started")).toBeNull();
    expect(savedNotice("toString", "submitted")).toBeNull();
    expect(savedNotice(null, "submitted")).toBeNull();
  });
});
