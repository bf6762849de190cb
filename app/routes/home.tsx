import { getSiteContent } from "~/content/current-content";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { HomePage } from "~/features/home/home-page";
import { homePageData, homePageMediaIds } from "~/features/home/home-page-data";
import { getDatabase } from "~/lib/db/db.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/home";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export async function loader() {
  const content = getSiteContent();
  // The carousel's uploaded pictures, in one query; a picture whose file is gone is left out.
  return homePageData(content, await resolveMedia(getDatabase().db, homePageMediaIds(content)));
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
    <HomePage
      edition={loaderData.edition}
      home={loaderData.home}
      social={loaderData.social}
      carousel={loaderData.carousel}
    />
  );
}
