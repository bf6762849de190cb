import type { BoardSeason } from "./board/types";
import type { EventsContent } from "./events";
import type { HomeContent } from "./home";
import type { NacloContent } from "./naclo";
import type { EditionContent } from "./sculc/edition-types";
import type { SiteSettings } from "./site";

/**
 * Everything the public pages show that editors change, as one snapshot: the latest published version
 * of every content document (features/site-content loads it from the database and replaces it whenever
 * a publish changes the public-pages revision), or the drafts, for an editor's preview.
 */
export type SiteContent = {
  /** The public-pages revision this snapshot was read at ("shipped" before any read). */
  revision: string;
  settings: SiteSettings;
  home: HomeContent;
  naclo: NacloContent;
  events: EventsContent;
  /** Newest first; the first is the current board. */
  boardSeasons: BoardSeason[];
  /** Newest first; the first is the current edition (`isCurrent` is set from that, never stored). */
  editions: EditionContent[];
};

/** The kinds of content document, each guarded by its own schema (features/site-content). */
export type ContentKind = "settings" | "home" | "naclo" | "events" | "board-season" | "edition";

/** Documents of which there is exactly one, stored under this key. */
export const singleDocumentKey = "main";

/** Newest first, and the newest edition is the current one, whatever its stored flag says. */
export function orderSiteContent(content: SiteContent): SiteContent {
  const editions = [...content.editions]
    .sort((a, b) => b.year - a.year)
    .map((edition, index) => ({ ...edition, isCurrent: index === 0 }));
  const boardSeasons = [...content.boardSeasons].sort((a, b) => b.id.localeCompare(a.id));
  return { ...content, editions, boardSeasons };
}
