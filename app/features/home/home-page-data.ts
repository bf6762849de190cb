import { editionPath } from "~/content/editions";
import { type PictureSources, pictureMediaIds, resolvePictures } from "~/content/picture";
import type { SiteContent } from "~/content/site-content";
import { formatLongDate } from "~/lib/dates";
import { renderRichText } from "~/lib/rich-text";
import type { HomeEdition, HomeView } from "./home-page";

/** The media ids the home page draws: resolve them (one query) and hand them to `homePageData`. */
export function homePageMediaIds(content: SiteContent): string[] {
  return pictureMediaIds(content.home.carousel);
}

/**
 * What the home page shows, from one content snapshot: the published one for visitors, the drafts for
 * an editor's preview. The current edition is the snapshot's newest. `media` holds the sources of the
 * uploaded pictures; the carousel is null (the shipped photos) when the document has none, or when
 * none of them can be drawn any more (their files deleted).
 */
export function homePageData(
  content: SiteContent,
  media: ReadonlyMap<string, PictureSources> = new Map(),
) {
  const edition = content.editions[0];
  if (!edition) throw new Error("No SCULC edition is published");
  return {
    home: {
      tagline: content.home.tagline,
      stayInTouch: content.home.stayInTouch,
      definition: renderRichText(content.home.definition),
      about: renderRichText(content.home.about),
      conferenceBlurb: renderRichText(content.home.conferenceBlurb),
    } satisfies HomeView,
    social: content.settings.social,
    carousel: carouselOf(content, media),
    edition: {
      year: edition.year,
      path: editionPath(edition),
      dateLabel: formatLongDate(edition.date),
      startTime: edition.startTime,
      endTime: edition.endTime,
      venue: edition.venue,
    } satisfies HomeEdition,
  };
}

function carouselOf(content: SiteContent, media: ReadonlyMap<string, PictureSources>) {
  const pictures = resolvePictures(content.home.carousel, media);
  return pictures.length ? pictures : null;
}
