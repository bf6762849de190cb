import type { EditionContent, EditionPage } from "./sculc/edition-types";
import edition2022 from "./sculc/editions/2022";
import edition2023 from "./sculc/editions/2023";
import edition2024 from "./sculc/editions/2024";
import edition2025 from "./sculc/editions/2025";

/**
 * Editions of SCULC, the society's annual undergraduate linguistics conference, one file each in
 * app/content/sculc/editions/. Exactly one is current: the nav dropdown, /sculc, the home page's blurb
 * and the events list follow it. Add next year's edition here (see docs/content.md); app/routes.ts makes
 * its pages from this list.
 *
 * Server-side content: pages receive what they show through loaders, so the browser never downloads
 * every edition's text.
 */
export type Edition = EditionContent;

export const editions: Edition[] = [edition2025, edition2024, edition2023, edition2022];

/** Newest first, as menus list them. */
export const editionsNewestFirst: Edition[] = [...editions].sort((a, b) => b.year - a.year);

export function getCurrentEdition(): Edition {
  const current = editions.find((edition) => edition.isCurrent);
  if (!current) throw new Error("No current SCULC edition in app/content/editions.ts");
  return current;
}

export function editionPath(edition: Pick<Edition, "year">): string {
  return `/sculc-${edition.year}`;
}

/** /sculc-2023 for the main page, /sculc-2023-program for its "program" sub-page. */
export function editionPagePath(edition: Pick<Edition, "year">, page: Pick<EditionPage, "slug">) {
  return page.slug ? `${editionPath(edition)}-${page.slug}` : editionPath(edition);
}

/** Every edition page with its path, in menu order. */
export function listEditionPages(): { edition: Edition; page: EditionPage; path: string }[] {
  return editionsNewestFirst.flatMap((edition) =>
    edition.pages.map((page) => ({ edition, page, path: editionPagePath(edition, page) })),
  );
}

export function findEditionPage(pathname: string) {
  return listEditionPages().find((entry) => entry.path === pathname);
}

/** The edition after this one, for "has concluded: see next year" banners. */
export function nextEditionAfter(edition: Pick<Edition, "year">): Edition | undefined {
  return [...editions]
    .sort((a, b) => a.year - b.year)
    .find((candidate) => candidate.year > edition.year);
}
