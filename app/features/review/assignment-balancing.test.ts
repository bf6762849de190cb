import { describe, expect, it } from "vitest";
import { type BalancingAbstract, balanceAssignments } from "./assignment-balancing";

const abstract = (
  id: string,
  authorIds: string[] = [],
  declared: string[] = [],
): BalancingAbstract => ({
  id,
  authorIds,
  declaredConflictIds: declared,
  likelyConflicts: [],
});

function loads(pairs: { reviewerId: string }[], existing: { reviewerId: string }[] = []) {
  const counts: Record<string, number> = {};
  for (const pair of [...existing, ...pairs])
    counts[pair.reviewerId] = (counts[pair.reviewerId] ?? 0) + 1;
  return counts;
}

describe("balanceAssignments", () => {
  const five = ["a1", "a2", "a3", "a4", "a5"].map((id) => abstract(id));

  it("gives every abstract N reviewers and spreads the load evenly", () => {
    const result = balanceAssignments({
      abstracts: five,
      reviewerIds: ["r1", "r2", "r3"],
      existing: [],
      perAbstract: 2,
    });
    expect(result.pairs).toHaveLength(10);
    expect(result.shortfalls).toEqual([]);
    for (const { id } of five) {
      const onIt = result.pairs
        .filter((pair) => pair.submissionId === id)
        .map((pair) => pair.reviewerId);
      expect(new Set(onIt).size).toBe(2);
    }
    const counts = Object.values(loads(result.pairs));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it("never assigns authors or declared conflicts, and still balances the rest", () => {
    const abstracts = [
      abstract("a1", ["r1"]),
      abstract("a2"),
      abstract("a3", [], ["r2"]),
      abstract("a4"),
      abstract("a5", ["r3"]),
    ];
    const result = balanceAssignments({
      abstracts,
      reviewerIds: ["r1", "r2", "r3"],
      existing: [],
      perAbstract: 2,
    });
    expect(result.pairs).toContainEqual({ submissionId: "a1", reviewerId: "r2" });
    expect(result.pairs).not.toContainEqual({ submissionId: "a1", reviewerId: "r1" });
    expect(result.pairs).not.toContainEqual({ submissionId: "a3", reviewerId: "r2" });
    expect(result.pairs).not.toContainEqual({ submissionId: "a5", reviewerId: "r3" });
    expect(result.pairs).toHaveLength(10);
    const counts = Object.values(loads(result.pairs));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it("adds nothing when run again on its own result, and only what is missing after a change", () => {
    const first = balanceAssignments({
      abstracts: five,
      reviewerIds: ["r1", "r2", "r3"],
      existing: [],
      perAbstract: 2,
    });
    const again = balanceAssignments({
      abstracts: five,
      reviewerIds: ["r1", "r2", "r3"],
      existing: first.pairs,
      perAbstract: 2,
    });
    expect(again).toEqual({ pairs: [], shortfalls: [] });

    const withNew = balanceAssignments({
      abstracts: [...five, abstract("a6")],
      reviewerIds: ["r1", "r2", "r3", "r4"],
      existing: first.pairs,
      perAbstract: 2,
    });
    expect(withNew.pairs.map((pair) => pair.submissionId)).toEqual(["a6", "a6"]);
    // r4 had nothing, so it is the first choice.
    expect(withNew.pairs[0]?.reviewerId).toBe("r4");
  });

  it("counts existing assignments towards the load", () => {
    const result = balanceAssignments({
      abstracts: [abstract("a1"), abstract("a2")],
      reviewerIds: ["r1", "r2", "r3"],
      existing: [
        { submissionId: "x", reviewerId: "r1" },
        { submissionId: "y", reviewerId: "r1" },
      ],
      perAbstract: 1,
    });
    expect(result.pairs.map((pair) => pair.reviewerId).sort()).toEqual(["r2", "r3"]);
  });

  it("with fewer eligible reviewers than N, assigns all it can and reports the shortfall", () => {
    const result = balanceAssignments({
      abstracts: [abstract("a1", ["r1"]), abstract("a2")],
      reviewerIds: ["r1", "r2"],
      existing: [],
      perAbstract: 3,
    });
    expect(result.pairs).toEqual([
      { submissionId: "a1", reviewerId: "r2" },
      { submissionId: "a2", reviewerId: "r1" },
      { submissionId: "a2", reviewerId: "r2" },
    ]);
    expect(result.shortfalls).toEqual([
      { submissionId: "a1", missing: 2 },
      { submissionId: "a2", missing: 1 },
    ]);
  });

  it("handles no reviewers, no abstracts and N of zero", () => {
    expect(
      balanceAssignments({ abstracts: five, reviewerIds: [], existing: [], perAbstract: 2 }).pairs,
    ).toEqual([]);
    expect(
      balanceAssignments({ abstracts: [], reviewerIds: ["r1"], existing: [], perAbstract: 2 }),
    ).toEqual({ pairs: [], shortfalls: [] });
    expect(
      balanceAssignments({ abstracts: five, reviewerIds: ["r1"], existing: [], perAbstract: 0 }),
    ).toEqual({ pairs: [], shortfalls: [] });
  });

  it("gives the same pairs for the same input", () => {
    const input = {
      abstracts: [abstract("a1", ["r2"]), ...five.slice(1)],
      reviewerIds: ["r1", "r2", "r3", "r4"],
      existing: [{ submissionId: "a3", reviewerId: "r4" }],
      perAbstract: 3,
    };
    expect(balanceAssignments(input)).toEqual(balanceAssignments(structuredClone(input)));
  });

  it("keeps the load within one over many abstracts and reviewers", () => {
    const many = Array.from({ length: 37 }, (_, index) =>
      abstract(`a${index}`, index % 5 === 0 ? [`r${index % 7}`] : []),
    );
    const reviewerIds = Array.from({ length: 7 }, (_, index) => `r${index}`);
    const result = balanceAssignments({
      abstracts: many,
      reviewerIds,
      existing: [],
      perAbstract: 3,
    });
    expect(result.pairs).toHaveLength(111);
    const counts = Object.values(loads(result.pairs));
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    for (const pair of result.pairs) {
      const owner = many.find((item) => item.id === pair.submissionId);
      expect(owner?.authorIds).not.toContain(pair.reviewerId);
    }
  });
});
