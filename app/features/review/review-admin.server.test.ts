import { describe, expect, it } from "vitest";
import { listUsersForAdmin } from "~/features/admin/user-table.server";
import {
  insertAssignment,
  insertReview,
  seedNamedCommittee,
} from "../../../tests/support/review-seeds";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import {
  listAssignmentOverview,
  listSubmittedReviewsBySubmission,
  readReviewSettingsForm,
} from "./review-admin.server";
import { defaultReviewSettings } from "./review-settings";

const year = 2025;

for (const target of testDatabaseTargets()) {
  describe(`review administration on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("lists every abstract by number with its reviewers, conflicts, and who may still take it", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      const adaOn2 = await insertAssignment(database, "s2", "ada");
      await insertReview(database, adaOn2, { merit: 4 });
      const benOn2 = await insertAssignment(database, "s2", "ben");
      await insertReview(database, benOn2, { merit: 2, submittedAt: null });
      await database.db
        .insertInto("review_conflict")
        .values({ submission_id: "s3", reviewer_id: "ben", declared_at: new Date().toISOString() })
        .execute();

      const { abstracts, reviewers } = await listAssignmentOverview(database.db, year);
      expect(reviewers.map((reviewer) => reviewer.id)).toEqual(["ada", "ben", "cy"]);
      expect(abstracts.map((abstract) => abstract.number)).toEqual([1, 2, 3, 4]);
      const [first, second, third] = abstracts;
      // Cy wrote abstract 1: never offered to them.
      expect(first?.assignable.map((reviewer) => reviewer.id)).toEqual(["ada", "ben"]);
      expect(
        second?.assignments.map((assignment) => [assignment.email, assignment.status]),
      ).toEqual([
        ["ada@example.edu", "submitted"],
        ["ben@example.edu", "draft"],
      ]);
      expect(second?.assignable.map((reviewer) => reviewer.id)).toEqual(["cy"]);
      expect(third?.conflicts.map((reviewer) => reviewer.email)).toEqual(["ben@example.edu"]);
      expect(third?.assignable.map((reviewer) => reviewer.id)).toEqual(["ada", "cy"]);
    });

    it("groups the submitted reviews per abstract for the decisions page, with labels and both comments", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      await insertReview(database, await insertAssignment(database, "s2", "ada"), {
        merit: 4,
        toAuthors: "To you",
        toCommittee: "To us",
      });
      await insertReview(database, await insertAssignment(database, "s2", "ben"), {
        merit: 1,
        submittedAt: null,
      });
      const reviews = await listSubmittedReviewsBySubmission(
        database.db,
        year,
        defaultReviewSettings,
      );
      expect([...reviews.keys()]).toEqual(["s2"]);
      expect(reviews.get("s2")).toEqual([
        expect.objectContaining({
          reviewerEmail: "ada@example.edu",
          reviewerName: "Ada Test",
          merit: 4,
          meritLabel: "Weak accept",
          confidence: 2,
          confidenceLabel: "Medium",
          commentsToAuthors: "To you",
          commentsToCommittee: "To us",
        }),
      ]);
    });

    it("marks reviewers in the user table, sorts by it, and exports it", async () => {
      const database = await databases.openMigrated();
      await seedNamedCommittee(database);
      const { rows } = await listUsersForAdmin(database.db, {
        q: "",
        sort: "reviewer",
        dir: "desc",
        page: 1,
        editionYear: year,
        adminEmails: [],
      });
      expect(rows.map((row) => [row.id, row.isReviewer])).toEqual([
        ["ada", true],
        ["ben", true],
        ["cy", true],
        ["admin", false],
        ["dee", false],
        ["eve", false],
      ]);
    });
  });
}

describe("the review settings form", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) data.set(key, value);
    return data;
  };
  const valid = {
    period: "open",
    closesAt: "2025-03-21T23:59",
    othersVisibility: "never",
    canSelfAssign: "on",
    meritScale: "1 Reject\n2 Weak reject\r\n3: Borderline\n\n4 - Weak accept\n5 Accept",
    confidenceScale: "1 Low\n2 High",
  };

  it("reads the period in Pacific time and the scales one point a line", () => {
    expect(readReviewSettingsForm(form(valid))).toEqual({
      ok: true,
      value: {
        isOpen: true,
        closesAt: "2025-03-22T06:59:00.000Z",
        othersVisibility: "never",
        canSelfAssign: true,
        meritScale: [
          { value: 1, label: "Reject" },
          { value: 2, label: "Weak reject" },
          { value: 3, label: "Borderline" },
          { value: 4, label: "Weak accept" },
          { value: 5, label: "Accept" },
        ],
        confidenceScale: [
          { value: 1, label: "Low" },
          { value: 2, label: "High" },
        ],
      },
    });
    const closed = readReviewSettingsForm(
      form({ ...valid, period: "closed", closesAt: "", canSelfAssign: "" }),
    );
    expect(closed.ok && closed.value).toMatchObject({
      isOpen: false,
      closesAt: null,
      canSelfAssign: false,
    });
  });

  it.each([
    ["closesAt", "next tuesday", "Please enter the closing time as a date and time."],
    ["meritScale", "Reject\nAccept", "Write the merit scale one point a line"],
    ["period", "maybe", "Choose whether the review period is open."],
    ["othersVisibility", "", "Choose when reviewers see the others' reviews."],
    ["confidenceScale", `1 ${"x".repeat(3000)}`, "The confidence scale is too long."],
  ])("refuses a bad %s with a message on its field", (field, value, message) => {
    const result = readReviewSettingsForm(form({ ...valid, [field]: value }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(message);
      expect(result.fieldErrors[field]).toContain(message);
    }
  });
});
