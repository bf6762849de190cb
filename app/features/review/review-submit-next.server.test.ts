import { describe, expect, it } from "vitest";
import { filledReviewForm, reviewPageOfR2 } from "../../../tests/support/review-page-action";
import {
  type TestDatabase,
  testDatabaseTargets,
  useTestDatabases,
} from "../../../tests/support/test-databases";
import { nextUnreviewed } from "./review-abstract-actions.server";
import { listReviewQueue } from "./reviewer-reviews.server";

const year = 2025;
const filled = filledReviewForm;

/** r2 reviews abstracts 1, 2 and 4; "Submit and next" as the route calls it, answering its redirect. */
async function setUp(database: TestDatabase) {
  const { act } = await reviewPageOfR2(database, ["s1", "s2", "s4"]);
  return async (number: number, values: Record<string, string> = filled) => {
    try {
      const answer = await act({ intent: "submit-next", ...values }, number);
      return { status: answer.init?.status ?? 200, location: null, data: answer.data };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    }
  };
}

describe("the next abstract to review", () => {
  const queue = (entries: [number, string][]) =>
    entries.map(([number, status]) => ({ number, status }));

  it("is the next one without a submitted review, coming round to the first", () => {
    expect(
      nextUnreviewed(
        queue([
          [1, "submitted"],
          [2, "draft"],
          [4, "not-started"],
        ]),
        2,
      ),
    ).toBe(4);
    expect(
      nextUnreviewed(
        queue([
          [1, "not-started"],
          [2, "draft"],
          [4, "submitted"],
        ]),
        4,
      ),
    ).toBe(1);
    expect(
      nextUnreviewed(
        queue([
          [1, "submitted"],
          [2, "submitted"],
        ]),
        2,
      ),
    ).toBeNull();
    expect(nextUnreviewed(queue([[3, "draft"]]), 3)).toBeNull();
  });
});

for (const target of testDatabaseTargets()) {
  describe(`"Submit and next" on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("submits, then opens the next abstract waiting, then the queue once none is", async () => {
      const database = await databases.openMigrated();
      const submitNext = await setUp(database);
      expect(await submitNext(2)).toMatchObject({
        status: 302,
        location: "/review/abstracts/4?submitted=2",
      });
      expect(await submitNext(4)).toMatchObject({ location: "/review/abstracts/1?submitted=4" });
      expect(await submitNext(1)).toMatchObject({ location: "/review?allReviewed=1" });
      const statuses = (await listReviewQueue(database.db, "r2", year)).map(
        (entry) => entry.status,
      );
      expect(statuses).toEqual(["submitted", "submitted", "submitted"]);
    });

    it("stays on the page with the problem when the review cannot be submitted", async () => {
      const database = await databases.openMigrated();
      const submitNext = await setUp(database);
      const refused = await submitNext(2, { ...filled, merit: "" });
      expect(refused.location).toBeNull();
      expect(refused.status).toBe(400);
      expect(refused.data?.notice?.kind).toBe("error");
    });
  });
}
