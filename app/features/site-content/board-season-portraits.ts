import { editPath } from "./content-labels";

/**
 * A member's portrait sent without JavaScript: one picture, posted by a small form of its own (drawn
 * after the season form, so the season's fields are never in the post) to the season's portrait
 * route, which says the member by their place in the saved season and their id. The route stores the
 * picture and goes back to the season form, which puts it on that member, unsaved. Pure: the page and
 * the server share it.
 */
export const portraitUploadQuery = { member: "member", id: "id" } as const;

/** The id of the separate upload form of a member's portrait. */
export function portraitUploadFormId(index: number): string {
  return `member-${index}-portrait-upload`;
}

/** The address a member's portrait is posted to without JavaScript. */
export function portraitUploadPath(season: string, index: number, memberId: string): string {
  const query = new URLSearchParams({
    [portraitUploadQuery.member]: String(index),
    [portraitUploadQuery.id]: memberId,
  });
  return `${editPath("board-season", season)}/portrait?${query}`;
}
