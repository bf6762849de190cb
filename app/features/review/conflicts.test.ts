import { describe, expect, it } from "vitest";
import { type ConflictAuthor, findConflicts, isConflicted } from "./conflicts";

const committee = [
  { id: "bea", name: "Beatriz Coauthor", affiliation: "UC San Diego" },
  { id: "rita", name: "Rita Reviewer", affiliation: "" },
  { id: "sam", name: "Sam Other", affiliation: "UCLA" },
];

const author = (values: Partial<ConflictAuthor> & { position: number }): ConflictAuthor => ({
  name: "",
  affiliation: "",
  accountId: null,
  isConfirmed: false,
  ...values,
});

const submitter = author({ position: 0, name: "Ada Lovelace", affiliation: "UCSD" });

describe("findConflicts", () => {
  it("finds a co-author named like a reviewer, folded, with the affiliation as a hint", () => {
    const found = findConflicts(
      {
        submitterId: "ada",
        submitterName: "Ada Lovelace",
        authors: [
          submitter,
          author({ position: 1, name: "  beatríz   COAUTHOR", affiliation: "uc san diego" }),
          author({ position: 2, name: "Sam  Other", affiliation: "USC" }),
        ],
      },
      committee,
    );
    expect(found).toEqual({
      authorIds: ["ada"],
      likely: [
        {
          reviewerId: "bea",
          reason:
            "co-author 'beatríz   COAUTHOR' has the same name as reviewer Beatriz Coauthor; same affiliation",
        },
        {
          reviewerId: "sam",
          reason:
            "co-author 'Sam  Other' has the same name as reviewer Sam Other; different affiliation",
        },
      ],
    });
  });

  it("finds the submitter's name on a reviewer's account, and no hint without an affiliation", () => {
    const found = findConflicts(
      {
        submitterId: "rita-2",
        submitterName: "Rita Reviewer",
        authors: [author({ position: 0, name: "Rita Reviewer", affiliation: "UCSD" })],
      },
      committee,
    );
    expect(found.likely).toEqual([
      {
        reviewerId: "rita",
        reason: "the submitter 'Rita Reviewer' has the same name as reviewer Rita Reviewer",
      },
    ]);
  });

  it("makes a confirmed co-author an author, and a reviewer's address under another name only likely", () => {
    const found = findConflicts(
      {
        submitterId: "ada",
        submitterName: "Ada Lovelace",
        authors: [
          submitter,
          author({ position: 1, name: "Beatriz Coauthor", accountId: "bea", isConfirmed: true }),
          author({ position: 2, name: "Alex Friend", accountId: "rita", isConfirmed: false }),
        ],
      },
      committee,
    );
    expect(found).toEqual({
      authorIds: ["ada", "bea"],
      likely: [
        {
          reviewerId: "rita",
          reason:
            "co-author 'Alex Friend' was given reviewer Rita Reviewer's address (unverified address)",
        },
      ],
    });
  });

  it("never treats an empty name as a match", () => {
    const found = findConflicts(
      { submitterId: "ada", submitterName: "", authors: [author({ position: 1, name: " " })] },
      [{ id: "nameless", name: "", affiliation: "" }],
    );
    expect(found.likely).toEqual([]);
  });
});

describe("isConflicted", () => {
  it("counts authors, declared conflicts and likely conflicts not dismissed", () => {
    const facts = {
      authorIds: ["ada"],
      declaredConflictIds: ["sam"],
      likelyConflicts: [{ reviewerId: "rita", reason: "same name", resolution: null }],
    };
    expect(["ada", "sam", "rita", "bea"].map((id) => isConflicted(id, facts))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
