import { getSiteContent } from "~/content/current-content";
import { HomePage } from "~/features/home/home-page";
import { homePageData } from "~/features/home/home-page-data";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/home";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return homePageData(getSiteContent());
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
