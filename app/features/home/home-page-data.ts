import { editionPath } from "~/content/editions";
import type { SiteContent } from "~/content/site-content";
import { formatLongDate } from "~/lib/dates";
import { renderRichText } from "~/lib/rich-text";
import type { HomeEdition, HomeView } from "./home-page";

/**
 * What the home page shows, from one content snapshot: the published one for visitors, the drafts for
 * an editor's preview. The current edition is the snapshot's newest.
 */
export function homePageData(content: SiteContent) {
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
