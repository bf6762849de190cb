import { describe, expect, it } from "vitest";
import {
  contentDisposition,
  countAbstractWords,
  describeWarning,
  findWarnings,
  parseWarnings,
} from "./abstract-checks";

describe("countAbstractWords", () => {
  it("counts the words before a References heading, ignoring punctuation-only tokens", () => {
    const text =
      "Vowel harmony in Turkish — a new look.\nWe test 40 speakers.\nReferences\nClements, G. N. (1976).";
    expect(countAbstractWords(text)).toBe(11);
  });

  it("counts everything when there is no references heading", () => {
    expect(countAbstractWords("one two\nthree")).toBe(3);
  });

  it("accepts Bibliography as the heading, in any case", () => {
    expect(countAbstractWords("a b c\nBIBLIOGRAPHY:\nx y z")).toBe(3);
  });
});

describe("findWarnings", () => {
  it("adds the anonymity check's findings after the word limit", () => {
    expect(
      findWarnings({
        wordCount: 600,
        sources: [{ place: "author", text: "Ada Lovelace" }],
        authors: [{ whose: "yours", name: "Ada Lovelace", email: null, affiliation: "" }],
      }),
    ).toEqual(["over-word-limit", "identifies:author:name:yours"]);
  });
});

describe("parseWarnings", () => {
  it("keeps known codes, including the old single anonymity warning, and drops anything else", () => {
    expect(
      parseWarnings(
        JSON.stringify([
          "names-author",
          "identifies:subject:email:yours",
          "identifies:nowhere:email:yours",
          "<script>",
          3,
        ]),
      ),
    ).toEqual(["names-author", "identifies:subject:email:yours"]);
  });

  it("says where a detail was found and how to fix it", () => {
    expect(describeWarning("identifies:subject:email:yours", 0)).toBe(
      "The PDF’s Subject field contains your email address: reviewers must not learn who wrote the abstract. Remove it in your word processor’s document properties (for example File › Info or File › Properties), export the PDF again and upload the new file.",
    );
  });
});

describe("file names", () => {
  it("are encoded safely in Content-Disposition", () => {
    expect(contentDisposition('音韻 "draft".pdf')).toBe(
      `inline; filename="__ _draft_.pdf"; filename*=UTF-8''%E9%9F%B3%E9%9F%BB%20%22draft%22.pdf`,
    );
  });
});
