import { describe, expect, it } from "vitest";
import { listAllEvents, splitEvents } from "./list-events";

describe("events", () => {
  it("lists conference days and NACLO sessions, each linking to its page", () => {
    const events = listAllEvents();
    expect(events.find((event) => event.title === "SCULC 2025")).toMatchObject({
      date: "2025-05-17",
      dateLabel: "Saturday, May 17, 2025",
      href: "/sculc-2025",
    });
    expect(events.filter((event) => event.href === "/naclo")).toHaveLength(2);
  });

  it("puts the soonest upcoming first and the latest past first; today is upcoming", () => {
    const { upcoming, past } = splitEvents(listAllEvents(), "2025-01-18");
    expect(upcoming.map((event) => event.date)).toEqual(["2025-01-18", "2025-01-23", "2025-05-17"]);
    expect(past[0]?.date).toBe("2024-05-18");
  });

  it("has nothing upcoming once every date has passed", () => {
    const { upcoming, past } = splitEvents(listAllEvents(), "2026-11-21");
    expect(upcoming).toEqual([]);
    expect(past).toHaveLength(6);
  });
});
