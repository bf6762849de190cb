import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/dates";
import { editionPath, getCurrentEdition, listEditions } from "./editions";
import { editionsSchema } from "./editions.schema";

const editions = listEditions();

describe("conference editions content", () => {
  it("matches the schema: valid fields, one current edition, no repeated year", () => {
    expect(() => editionsSchema.parse(editions)).not.toThrow();
  });

  it("refuses content with no current edition or two of them", () => {
    const [first, second] = editions;
    if (!first || !second) throw new Error("need two editions");
    expect(() =>
      editionsSchema.parse(editions.map((edition) => ({ ...edition, isCurrent: false }))),
    ).toThrow(/exactly one edition must be marked current/);
    expect(() =>
      editionsSchema.parse([
        { ...first, isCurrent: true },
        { ...second, isCurrent: true },
      ]),
    ).toThrow(/exactly one edition must be marked current/);
  });

  it("has 2025 as the current edition, on Saturday 17 May 2025", () => {
    const current = getCurrentEdition();
    expect(current.year).toBe(2025);
    expect(formatLongDate(current.date)).toBe("Saturday, May 17, 2025");
    expect(editionPath(current)).toBe("/sculc-2025");
  });

  it("lists editions newest first for menus", () => {
    expect(editions.map((edition) => edition.year)).toEqual([2025, 2024, 2023, 2022]);
  });
});
