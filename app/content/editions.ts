import { getSiteContent } from "./current-content";
import type { EditionContent, EditionPage } from "./sculc/edition-types";

/**
 * Editions of SCULC, the society's annual undergraduate linguistics conference, from the latest
 * published content (app/content/current-content.ts). The newest is the current one: the nav dropdown,
 * /sculc, the home page's blurb, the events list, the call for abstracts, review, presenters and the
 * program follow it. Editors add next year's edition in the admin area; its pages are served at once
 * (app/routes.ts resolves edition paths when a request arrives).
 */
export type Edition = EditionContent;

/** Newest first, as menus list them. */
export function listEditions(): Edition[] {
  return getSiteContent().editions;
}

export function getCurrentEdition(): Edition {
  const current = listEditions()[0];
  if (!current) throw new Error("No SCULC edition is published");
  return current;
}

export function findEdition(year: number): Edition | undefined {
  return listEditions().find((edition) => edition.year === year);
}

export function editionPath(edition: Pick<Edition, "year">): string {
  return `/sculc-${edition.year}`;
}

/** /sculc-2023 for the main page, /sculc-2023-program for its "program" sub-page. */
export function editionPagePath(edition: Pick<Edition, "year">, page: Pick<EditionPage, "slug">) {
  return page.slug ? `${editionPath(edition)}-${page.slug}` : editionPath(edition);
}

/** Every edition page with its path, in menu order. */
export function listEditionPages(
  editions: Edition[] = listEditions(),
): { edition: Edition; page: EditionPage; path: string }[] {
  return editions.flatMap((edition) =>
    edition.pages.map((page) => ({ edition, page, path: editionPagePath(edition, page) })),
  );
}

export function findEditionPage(pathname: string, editions: Edition[] = listEditions()) {
  return listEditionPages(editions).find((entry) => entry.path === pathname);
}

/** The edition after this one, for "has concluded: see next year" banners. */
export function nextEditionAfter(
  edition: Pick<Edition, "year">,
  editions: Edition[] = listEditions(),
): Edition | undefined {
  return [...editions]
    .sort((a, b) => a.year - b.year)
    .find((candidate) => candidate.year > edition.year);
}
