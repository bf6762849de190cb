import type { BoardMember, BoardSeason } from "~/content/board/types";
import type { PictureSources } from "~/content/picture";
import { type ResponsiveSources, responsiveSources } from "~/lib/responsive-image";

/**
 * A member as the board page draws them: their facts and, when there is one, their portrait with
 * the words a screen reader says for it (an uploaded portrait's own alt text, or the shipped one's).
 */
export type BoardMemberView = Omit<BoardMember, "portrait"> & {
  photo?: ResponsiveSources;
  photoAlt?: string;
};
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

/** Every uploaded portrait's media id in all the seasons, to resolve them in one query. */
export function boardPortraitMediaIds(seasons: readonly BoardSeason[]): string[] {
  return seasons.flatMap((season) =>
    season.members.flatMap((member) => (member.portrait ? [member.portrait.media] : [])),
  );
}

/**
 * Seasons (newest first, as the content gives them) with each member's portrait resolved: an
 * uploaded portrait whose media exists and is a picture wins; otherwise the shipped portrait, if the
 * site has one for the member (a deleted upload never breaks the page).
 */
export function boardSeasonViews(
  seasons: BoardSeason[],
  media: ReadonlyMap<string, PictureSources> = new Map(),
): BoardSeasonView[] {
  return seasons.map((season) => ({
    id: season.id,
    members: season.members.map(({ portrait, ...member }) => {
      const uploaded = portrait ? media.get(portrait.media) : undefined;
      if (portrait && uploaded?.src && uploaded.width && uploaded.height) {
        return {
          ...member,
          photo: { src: uploaded.src, srcSet: uploaded.srcSet },
          photoAlt: portrait.alt,
        };
      }
      const shipped = memberPhoto(season, member);
      return shipped
        ? { ...member, photo: shipped, photoAlt: `Illustrated portrait of ${member.name}` }
        : member;
    }),
  }));
}

/** "2025-2026" reads as "2025–2026" on the page. */
export function seasonLabel(season: Pick<BoardSeason, "id">): string {
  return season.id.replace("-", "–");
}
