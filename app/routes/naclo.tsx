import { getSiteContent } from "~/content/current-content";
import { NacloPage, nacloPageData } from "~/features/naclo/naclo-page";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/naclo";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return nacloPageData(getSiteContent());
}

// The description follows the published open round: editors change its date in the admin area.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: "NACLO testing site",
    description: loaderData
      ? `Take the ${loaderData.naclo.name} at our campus testing site: open round on ${loaderData.openRoundDate}, and a free training session.`
      : "Take the North American Computational Linguistics Open at our campus testing site.",
    canonicalPath: "/naclo",
    baseUrl: baseUrlFrom(matches),
  });

export default function Naclo({ loaderData }: Route.ComponentProps) {
  return <NacloPage {...loaderData} />;
}
