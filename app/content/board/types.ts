import type { Picture } from "../picture";

/**
 * One season's board, as a content file in app/content/board/seasons/{id}.ts. Photos live in
 * app/assets/images/board/{season id}/{member id}-{200,400}.webp (square).
 */
export type BoardSeason = {
  /** The academic years, e.g. "2025-2026"; also the file name. */
  id: string;
  members: BoardMember[];
};

/**
 * A board member. Optional fields that a season did not collect are left out, and the page leaves
 * them out too (older seasons show fewer fields).
 */
export type BoardMember = {
  /** kebab-case, unique in its season; the photo's file name. */
  id: string;
  name: string;
  position: string;
  pronouns?: string;
  /** How the name is pronounced, in IPA, without slashes or brackets. */
  ipa?: string;
  major?: string;
  minor?: string;
  /** Expected graduation year. */
  gradYear?: number;
  favoriteLingArea?: string;
  favoriteDrink?: string;
  /**
   * A portrait an editor uploaded (purpose "portrait"); it wins over the shipped photo of the same
   * member. Left out when the member has none, or only the shipped one.
   */
  portrait?: Picture;
};
