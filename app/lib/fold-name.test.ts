import { describe, expect, it } from "vitest";
import { foldName } from "./fold-name";

describe("foldName", () => {
  it("folds case, diacritics, punctuation and spaces, and keeps other scripts", () => {
    expect(foldName("  Beatríz  CO-author ")).toBe("beatriz co author");
    expect(foldName("BEATRIZ\tcoauthor")).toBe("beatriz coauthor");
    expect(foldName("Zoë Ŋguyen")).toBe(foldName("zoe ŋguyen"));
    expect(foldName("Jean-Luc O’Brien")).toBe("jean luc o brien");
    expect(foldName("李小龍")).toBe("李小龍");
    expect(foldName(" \u00a0 ")).toBe("");
  });

  it("tells different names apart", () => {
    expect(foldName("Ana Test")).not.toBe(foldName("Ana Tester"));
    expect(foldName("Bea Coauthor")).not.toBe(foldName("Beatriz Coauthor"));
  });
});
