import { describe, expect, it } from "vitest";
import { compareByMeanMerit, decisionsHref, matchesReviewFilter } from "./decision-filters";

describe("decision filters", () => {
  it("keeps defaults out of the address and the rest in it", () => {
    const query = { status: "all", reviews: "any", sort: "number" } as const;
    expect(decisionsHref(query)).toBe("/user-data/submissions");
    expect(decisionsHref(query, { sort: "merit", reviews: "complete" })).toBe(
      "/user-data/submissions?reviews=complete&sort=merit",
    );
    expect(decisionsHref({ ...query, status: "undecided" }, { reviews: "any" })).toBe(
      "/user-data/submissions?status=undecided",
    );
  });

  it("tells unassigned, outstanding and complete reviews apart", () => {
    const cases = [
      { assigned: 0, submitted: 0, expected: "unassigned" },
      { assigned: 2, submitted: 0, expected: "outstanding" },
      { assigned: 2, submitted: 1, expected: "outstanding" },
      { assigned: 2, submitted: 2, expected: "complete" },
    ] as const;
    for (const { expected, ...review } of cases) {
      for (const filter of ["unassigned", "outstanding", "complete"] as const) {
        expect(matchesReviewFilter(review, filter), `${JSON.stringify(review)} ${filter}`).toBe(
          filter === expected,
        );
      }
      expect(matchesReviewFilter(review, "any")).toBe(true);
    }
  });

  it("sorts by mean merit, highest first, unreviewed last, ties by number", () => {
    const rows = [
      { number: 1, meanMerit: null },
      { number: 2, meanMerit: 3 },
      { number: 3, meanMerit: 4.5 },
      { number: 4, meanMerit: 3 },
      { number: 5, meanMerit: null },
    ];
    expect([...rows].sort(compareByMeanMerit).map((row) => row.number)).toEqual([3, 2, 4, 1, 5]);
  });
});
