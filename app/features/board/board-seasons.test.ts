import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boardSeasonSchema } from "~/content/board/board.schema";
import type { BoardSeason } from "~/content/board/types";
import { shippedContent } from "~/content/shipped-content";
import { orderSiteContent } from "~/content/site-content";
import { memberPhoto } from "./board-seasons";

const seasonsFolder = path.resolve("app/content/board/seasons");
const boardSeasons = shippedContent.boardSeasons;

describe("board seasons", () => {
  it("ships every file in the seasons folder", () => {
    const files = fs.readdirSync(seasonsFolder).filter((file) => file.endsWith(".ts"));
    expect(boardSeasons.map((season) => `${season.id}.ts`).sort()).toEqual(files.sort());
  });

  it("shows a newly added season first, as the current board, whatever order it came in", () => {
    const next: BoardSeason = {
      id: "2026-2027",
      members: [{ id: "new-president", name: "New President", position: "President" }],
    };
    const { boardSeasons: seasons } = orderSiteContent({
      ...shippedContent,
      boardSeasons: [...boardSeasons, next],
    });
    expect(seasons.map((season) => season.id)).toEqual([
      "2026-2027",
      "2025-2026",
      "2024-2025",
      "2023-2024",
      "2022-2023",
    ]);
  });

  it("has the seasons the site shows, newest first, with 13, 9, 9 and 9 members", () => {
    expect(boardSeasons.map((season) => [season.id, season.members.length])).toEqual([
      ["2025-2026", 13],
      ["2024-2025", 9],
      ["2023-2024", 9],
      ["2022-2023", 9],
    ]);
  });

  for (const season of boardSeasons) {
    it(`${season.id}: matches the schema, and every member has a portrait`, () => {
      expect(() => boardSeasonSchema.parse(season)).not.toThrow();
      const file = path.join(seasonsFolder, `${season.id}.ts`);
      expect(fs.existsSync(file), `${season.id} lives in ${season.id}.ts`).toBe(true);
      for (const member of season.members) {
        expect(memberPhoto(season, member), `${season.id}/${member.id}`).toBeDefined();
      }
    });
  }

  it("shows only photo, position, name, major and year for 2022-2023", () => {
    const oldest = boardSeasons.find((season) => season.id === "2022-2023");
    for (const member of oldest?.members ?? []) {
      const keys = Object.keys(member).filter((key) => !["id", "name", "position"].includes(key));
      expect(
        keys.every((key) => key === "major" || key === "gradYear"),
        member.id,
      ).toBe(true);
    }
  });
});
