import { getSiteContent } from "~/content/current-content";
import { BoardPage } from "~/features/board/board-page";
import { boardPortraitMediaIds, boardSeasonViews } from "~/features/board/board-seasons";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { getDatabase } from "~/lib/db/db.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/board";

// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export async function loader() {
  const { boardSeasons } = getSiteContent();
  // Every season's uploaded portraits, in one query; one whose file is gone falls back to the shipped.
  const media = await resolveMedia(getDatabase().db, boardPortraitMediaIds(boardSeasons));
  return { seasons: boardSeasonViews(boardSeasons, media) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Board",
    description:
      "Meet the students who run the Undergraduate Linguistics Society and SCULC: this year's board and the boards before it.",
    canonicalPath: "/board",
    baseUrl: baseUrlFrom(matches),
  });

export default function Board({ loaderData }: Route.ComponentProps) {
  return <BoardPage seasons={loaderData.seasons} />;
}
