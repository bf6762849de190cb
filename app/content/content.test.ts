import { describe, expect, it } from "vitest";
import { listEmbedOrigins } from "~/features/embeds/embed-origins";
import { findEditionPage, listEditionPages } from "./editions";
import { naclo } from "./naclo";

describe("content", () => {
  it("gives every edition page its own path, with the sub-pages each edition has", () => {
    const paths = listEditionPages().map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual([
      "/sculc-2025",
      "/sculc-2024",
      "/sculc-2023",
      "/sculc-2023-program",
      "/sculc-2023-schedule",
      "/sculc-2023-presentation",
      "/sculc-2023-photo",
      "/sculc-2022",
      "/sculc-2022-program",
      "/sculc-2022-presentation",
      "/sculc-2022-photo",
    ]);
    expect(findEditionPage("/sculc-2023-schedule")?.page.navLabel).toBe("Schedule");
    expect(findEditionPage("/sculc-2021")).toBeUndefined();
  });

  it("has the NACLO open round's and training session's dates and times", () => {
    expect(naclo.openRound).toMatchObject({
      date: "2025-01-23",
      startTime: "9:00 AM",
      endTime: "12:00 PM",
      arriveBy: "8:30 AM",
    });
    expect(naclo.trainingSession).toMatchObject({
      date: "2025-01-18",
      startTime: "9:00 AM",
      endTime: "12:00 PM",
    });
  });

  it("allows framing only the hosts the content embeds", () => {
    expect(listEmbedOrigins()).toEqual(["https://docs.google.com"]);
  });

  it("features four 2025 presentations as collapsible embeds", () => {
    const page = findEditionPage("/sculc-2025")?.page;
    const presentations = page?.sections.find((section) => section.kind === "presentations");
    expect(presentations?.kind === "presentations" && presentations.items.length).toBe(4);
  });
});
