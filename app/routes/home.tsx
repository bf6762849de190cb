import { getSiteContent } from "~/content/current-content";
import { editionPath, getCurrentEdition } from "~/content/editions";
import { HomePage } from "~/features/home/home-page";
import { formatLongDate } from "~/lib/dates";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/home";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  const edition = getCurrentEdition();
  const { home, settings } = getSiteContent();
  return {
    home,
    social: settings.social,
    edition: {
      year: edition.year,
      path: editionPath(edition),
      dateLabel: formatLongDate(edition.date),
      startTime: edition.startTime,
      endTime: edition.endTime,
      venue: edition.venue,
    },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    description:
      "The Undergraduate Linguistics Society: talks, workshops and socials for students curious about language, a NACLO testing site, and SCULC, our undergraduate linguistics conference.",
    // Also served at /home; search engines should index the page once, at /.
    canonicalPath: "/",
    baseUrl: baseUrlFrom(matches),
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HomePage edition={loaderData.edition} home={loaderData.home} social={loaderData.social} />
  );
}
