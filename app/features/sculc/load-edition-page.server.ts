import {
  type Edition,
  editionPagePath,
  editionPath,
  findEditionPage,
  listEditions,
  nextEditionAfter,
} from "~/content/editions";
import { type PictureSources, pictureMediaIds, resolvePictures } from "~/content/picture";
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

/** The media a page's uploaded pictures and PDFs resolve against, by media id. */
export type EditionMedia = ReadonlyMap<string, PictureSources>;

function resolveSection(
  year: number,
  section: EditionSection,
  media: EditionMedia,
): ResolvedSection {
  switch (section.kind) {
    case "program-document": {
      const { document, ...rest } = section;
      if (document) return { ...rest, url: media.get(document)?.src || undefined };
      return { ...rest, url: section.file ? documentUrlFor(section.file) : undefined };
    }
    case "program-pages": {
      const { pages, ...rest } = section;
      return {
        ...rest,
        images: pages?.length ? resolvePictures(pages, media) : programPagesFor(year),
      };
    }
    case "schedule-image": {
      const { pictures, ...rest } = section;
      return {
        ...rest,
        image: pictures?.length ? resolvePictures(pictures, media)[0] : scheduleImageFor(year),
      };
    }
    case "gallery": {
      const { galleries, photoCredit, ...rest } = section;
      if (!galleries?.length) {
        const shipped = galleriesFor(year);
        return { ...rest, ...shipped, ...(photoCredit ? { credit: photoCredit } : {}) };
      }
      return {
        ...rest,
        galleries: galleries
          .map((gallery) => ({
            title: gallery.title,
            images: resolvePictures(gallery.pictures, media),
          }))
          .filter((gallery) => gallery.images.length > 0),
        ...(photoCredit ? { credit: photoCredit } : {}),
      };
    }
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

/** Every uploaded media id a section refers to: its photos, program pages, schedule or PDF. */
function sectionMediaIds(section: EditionSection): string[] {
  switch (section.kind) {
    case "program-document":
      return section.document ? [section.document] : [];
    case "program-pages":
      return pictureMediaIds(section.pages);
    case "schedule-image":
      return pictureMediaIds(section.pictures);
    case "gallery":
      return (section.galleries ?? []).flatMap((gallery) => pictureMediaIds(gallery.pictures));
    default:
      return [];
  }
}

/** The media ids the edition page at this path shows, to resolve them in one query first. */
export function editionPageMediaIds(
  pathname: string,
  editions: Edition[] = listEditions(),
): string[] {
  return findEditionPage(pathname, editions)?.page.sections.flatMap(sectionMediaIds) ?? [];
}

/**
 * The edition page at this path, ready to render; undefined when no edition page lives there. An
 * editor's preview passes the draft editions instead of the published ones.
 */
export function loadEditionPage(
  pathname: string,
  editions: Edition[] = listEditions(),
  media: EditionMedia = new Map(),
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
    sections: page.sections.map((section) => resolveSection(edition.year, section, media)),
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
