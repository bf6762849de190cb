import { describe, expect, it } from "vitest";
import {
  contentDisposition,
  countAbstractWords,
  findWarnings,
  mentionsAuthor,
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

describe("mentionsAuthor", () => {
  it("finds a first or last name as a whole word, ignoring case and accents", () => {
    expect(mentionsAuthor(["Joint work by josé and a colleague"], ["José", "Nuñez"])).toBe(true);
    expect(mentionsAuthor(["Results from NUNEZ (2024)"], ["Zoe", "Nuñez"])).toBe(true);
  });

  it("ignores names inside other words and names shorter than three letters", () => {
    expect(mentionsAuthor(["Annabelle studies annotation"], ["Ann", "Li"])).toBe(false);
    expect(mentionsAuthor(["Li et al. (2020)"], ["Li", "Wu"])).toBe(false);
  });

  it("looks in the file's author property too", () => {
    expect(
      findWarnings({
        wordCount: 10,
        text: "anonymous",
        author: "Ada Lovelace",
        names: ["Ada", "Lovelace"],
      }),
    ).toEqual(["names-author"]);
  });
});

describe("file names", () => {
  it("are encoded safely in Content-Disposition", () => {
    expect(contentDisposition('音韻 "draft".pdf')).toBe(
      `inline; filename="__ _draft_.pdf"; filename*=UTF-8''%E9%9F%B3%E9%9F%BB%20%22draft%22.pdf`,
    );
  });
});
