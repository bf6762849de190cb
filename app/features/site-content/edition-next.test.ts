import { describe, expect, it } from "vitest";
import edition2025 from "~/content/sculc/editions/2025";
import { checkEditionForm } from "./edition-check.server";
import {
  draftNextEdition,
  listThingsToRecheck,
  moveDateByAYear,
  moveTextByAYear,
  moveWallClockByAYear,
} from "./edition-next";

const { isCurrent: _current, ...current } = edition2025;

describe("starting next year's edition", () => {
  it("moves dates by a year, the 29th of February to the 28th", () => {
    expect(moveDateByAYear("2025-05-17")).toBe("2026-05-17");
    expect(moveDateByAYear("2024-02-29")).toBe("2025-02-28");
    expect(moveDateByAYear("2027-02-29")).toBe("2028-02-29");
    expect(moveWallClockByAYear("2025-04-15T23:59")).toBe("2026-04-15T23:59");
  });

  it("moves written-out dates and puts the right weekday before them", () => {
    expect(moveTextByAYear("Friday, March 21, 2025, 11:59 PM Pacific Time", 2025)).toBe(
      "Saturday, March 21, 2026, 11:59 PM Pacific Time",
    );
    expect(moveTextByAYear("April 15, 11:59 PM Pacific Time", 2025)).toBe(
      "April 15, 11:59 PM Pacific Time",
    );
    expect(moveTextByAYear("SCULC 2025 (since 2010)", 2025)).toBe("SCULC 2026 (since 2010)");
  });

  it("copies the structure, the call and its limits into a valid draft for the next year", () => {
    const next = draftNextEdition(current);
    expect(next.year).toBe(2026);
    expect(next.date).toBe("2026-05-17");
    expect(next.pages[0]?.title).toBe("SCULC 2026");
    expect(next.abstracts?.guidelines).toEqual(current.abstracts.guidelines);
    expect(next.abstracts?.talk).toEqual({ minutes: 15, questionMinutes: 5 });
    expect(next.abstracts?.maxPages).toBe(20);
    expect(next.abstracts?.acceptance.confirmByAt).toBe("2026-04-15T23:59");
    expect(next.abstracts?.acceptance.materialsDueAt).toBe("2026-05-10T23:59");
    expect(next.abstracts?.acceptance.videoMeetingUrl).toBe(
      current.abstracts.acceptance.videoMeetingUrl,
    );
    // Last year's talks and printed program are not next year's.
    const kinds = next.pages[0]?.sections.map((section) => section.kind);
    expect(kinds).not.toContain("presentations");
    expect(kinds).not.toContain("program-document");
    expect(next.pages[0]?.sections.find((section) => section.id === "program")?.kind).toBe("text");
    expect(checkEditionForm(next)).toEqual([]);
  });

  it("lists what the organiser must check, naming the new weekday", () => {
    const items = listThingsToRecheck(draftNextEdition(current));
    expect(items[0]).toMatchObject({ field: "date", note: expect.stringContaining("Sunday") });
    expect(items.map((item) => item.field)).toEqual(
      expect.arrayContaining([
        "abstracts.deadline",
        "abstracts.acceptance.confirmBy",
        "abstracts.acceptance.materialsDueBy",
        "pages.0.sections.3.speaker",
      ]),
    );
  });
});
