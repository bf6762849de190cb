// Relative imports: app/routes.ts imports this file, and route config is loaded without the "~" alias.
import { editionPath, listEditions } from "../../content/editions";
import type { EditionContent } from "../../content/sculc/edition-types";

/**
 * Editions whose program is built in the site: those that collected their abstracts through it (their
 * content has a call for abstracts) and have no hand-written "program" page of their own. The current
 * edition and, once a newer one is current, its archive: the pages stay, read from published versions.
 */
export function isProgramBuiltInSite(edition: Pick<EditionContent, "abstracts" | "pages">) {
  return Boolean(edition.abstracts) && !edition.pages.some((page) => page.slug === "program");
}

/** The program's addresses for one edition, for links, routes and calendars. */
export function programPaths(edition: Pick<EditionContent, "year">) {
  const page = `${editionPath(edition)}-program`;
  return {
    page,
    calendar: `${page}.ics`,
    json: `${page}.json`,
    /** One presentation's "add to calendar" file, by its slot in the published version. */
    presentationCalendar: (slotId: string) => `${page}/calendar/${encodeURIComponent(slotId)}.ics`,
  } as const;
}

export const programAdminPath = "/user-data/program";

/** The site-built program edition whose page, feed, export or calendar files live at this path. */
export function findProgramEdition(pathname: string) {
  return listEditions().find((edition) => {
    if (!isProgramBuiltInSite(edition)) return false;
    const paths = programPaths(edition);
    return (
      pathname === paths.page ||
      pathname === paths.calendar ||
      pathname === paths.json ||
      pathname.startsWith(`${paths.page}/calendar/`)
    );
  });
}

/** The edition page's section that shows the program once one is published (its content's fallback). */
export const programSectionId = "program";
