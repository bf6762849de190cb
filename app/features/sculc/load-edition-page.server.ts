import {
  type Edition,
  editionPagePath,
  editionPath,
  findEditionPage,
  listEditions,
  nextEditionAfter,
} from "~/content/editions";
import type { EditionSection, PresentationEmbed } from "~/content/sculc/edition-types";
import { programFor } from "~/content/sculc/program-lookup";
import { formatLongDate } from "~/lib/dates";
import { renderRichText, renderRichTextParagraphs } from "~/lib/rich-text";
import {
  documentUrlFor,
  galleriesFor,
  programPagesFor,
  scheduleImageFor,
} from "./edition-media.server";
import type { EditionPageData, ResolvedSection } from "./edition-page-data";

function resolveSection(year: number, section: EditionSection): ResolvedSection {
  switch (section.kind) {
    case "program-document":
      return { ...section, url: documentUrlFor(section.file) };
    case "program-pages":
      return { ...section, images: programPagesFor(year) };
    case "schedule-image":
      return { ...section, image: scheduleImageFor(year) };
    case "gallery":
      return { ...section, ...galleriesFor(year) };
    case "program-list":
      return { ...section, items: programFor(year).items };
    case "text":
    case "recap":
      return { ...section, html: renderRichTextParagraphs(section.paragraphs) };
    case "keynote":
      return { ...section, bioHtml: renderRichText(section.bio) };
    default:
      return section;
  }
}

/**
 * The edition page at this path, ready to render; undefined when no edition page lives there. An
 * editor's preview passes the draft editions instead of the published ones.
 */
export function loadEditionPage(
  pathname: string,
  editions: Edition[] = listEditions(),
): EditionPageData | undefined {
  const found = findEditionPage(pathname, editions);
  if (!found) return undefined;
  const { edition, page } = found;
  const next = edition.isCurrent ? undefined : nextEditionAfter(edition, editions);
  return {
    edition: {
      year: edition.year,
      isCurrent: edition.isCurrent,
      dateLabel: formatLongDate(edition.date),
      startTime: edition.startTime,
      endTime: edition.endTime,
      venue: edition.venue,
    },
    page: { slug: page.slug, title: page.title, description: page.description },
    navigation: edition.navigation,
    subPages:
      edition.pages.length > 1
        ? edition.pages.map((candidate) => ({
            label: candidate.navLabel,
            path: editionPagePath(edition, candidate),
            isCurrent: candidate.slug === page.slug,
          }))
        : [],
    nextEdition: next ? { year: next.year, path: editionPath(next) } : null,
    sections: page.sections.map((section) => resolveSection(edition.year, section)),
  };
}

/** The call for abstracts as the admin area has set it, for the current edition's page. */
export type LiveCallForAbstracts = { isAccepting: boolean; deadline: string };

/**
 * The current edition's call-for-abstracts section shows whether the call is open now, and both it and
 * the event details show the one effective deadline (submissions/call-for-abstracts.server.ts), so the
 * content does not write the deadline in those sections.
 */
export function withLiveCallForAbstracts(
  page: EditionPageData,
  call: LiveCallForAbstracts,
): EditionPageData {
  return {
    ...page,
    sections: page.sections.map((section) => {
      if (section.kind === "guidelines") {
        return {
          ...section,
          status: call.isAccepting ? "open" : "closed",
          deadline: call.deadline,
        };
      }
      if (section.kind === "details") {
        const facts = [
          ...(section.facts ?? []),
          { label: "Abstract deadline", value: call.deadline },
        ];
        return { ...section, facts };
      }
      return section;
    }),
  };
}

/**
 * Editions that collected abstracts through the site show the presenters' published slides and posters
 * (app/features/presenters/final-materials.server.ts) in their presentations sections, after the
 * presentations their content lists, in the same collapsible embeds.
 */
export function withPublishedMaterials(
  page: EditionPageData,
  materials: PresentationEmbed[],
): EditionPageData {
  if (!materials.length) return page;
  return {
    ...page,
    sections: page.sections.map((section) =>
      section.kind === "presentations"
        ? { ...section, items: [...section.items, ...materials] }
        : section,
    ),
  };
}
