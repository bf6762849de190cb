import type { BoardMember, BoardSeason } from "~/content/board/types";
import { type ResponsiveSources, responsiveSources } from "~/lib/responsive-image";

/** A member as the board page draws them: their facts and, when there is one, their portrait. */
export type BoardMemberView = BoardMember & { photo?: ResponsiveSources };
export type BoardSeasonView = { id: string; members: BoardMemberView[] };

// Portraits shipped with the site, by season and member id (app/assets/images/board/{season}/{member}).
const photoUrls = import.meta.glob<string>("../../assets/images/board/*/*.webp", {
  eager: true,
  query: "?url",
  import: "default",
});

const photoWidths = [200, 400] as const;

/** The member's shipped portrait, or undefined when the site has none for them. */
export function memberPhoto(
  season: Pick<BoardSeason, "id">,
  member: Pick<BoardMember, "id">,
): ResponsiveSources | undefined {
  return responsiveSources(
    photoUrls,
    `../../assets/images/board/${season.id}/${member.id}`,
    photoWidths,
  );
}

/** Seasons (newest first, as the content gives them) with each member's portrait resolved. */
export function boardSeasonViews(seasons: BoardSeason[]): BoardSeasonView[] {
  return seasons.map((season) => ({
    id: season.id,
    members: season.members.map((member) => ({ ...member, photo: memberPhoto(season, member) })),
  }));
}

/** "2025-2026" reads as "2025–2026" on the page. */
export function seasonLabel(season: Pick<BoardSeason, "id">): string {
  return season.id.replace("-", "–");
}
