import type { BoardMember, BoardSeason } from "~/content/board/types";
import { type ResponsiveSources, responsiveSources } from "~/lib/responsive-image";

type SeasonModule = { default: BoardSeason };

// Every file in the seasons folder is a season: adding next year's board is adding a file (and photos).
const seasonModules = import.meta.glob<SeasonModule>("../../content/board/seasons/*.ts", {
  eager: true,
});

const photoUrls = import.meta.glob<string>("../../assets/images/board/*/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

/** Seasons from their modules, newest first (ids are "YYYY-YYYY", so they sort as text). */
export function collectBoardSeasons(modules: Record<string, SeasonModule>): BoardSeason[] {
  return Object.values(modules)
    .map((module) => module.default)
    .sort((a, b) => b.id.localeCompare(a.id));
}

export const boardSeasons: BoardSeason[] = collectBoardSeasons(seasonModules);

export const seasonModulePaths: string[] = Object.keys(seasonModules);

const photoWidths = [200, 400] as const;

/** The member's portrait, or undefined when its files are missing (a test checks that none are). */
export function memberPhoto(
  season: BoardSeason,
  member: BoardMember,
): ResponsiveSources | undefined {
  return responsiveSources(
    photoUrls,
    `../../assets/images/board/${season.id}/${member.id}`,
    photoWidths,
  );
}

/** "2025-2026" reads as "2025–2026" on the page. */
export function seasonLabel(season: BoardSeason): string {
  return season.id.replace("-", "–");
}
