import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { BoardPage } from "~/features/board/board-page";
import { boardPortraitMediaIds, boardSeasonViews } from "~/features/board/board-seasons";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { editPath } from "~/features/site-content/content-labels";
import { PreviewBanner } from "~/features/site-content/preview-banner";
import { readDraftContent } from "~/features/site-content/published-content.server";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-preview-board";

// The board page drawn from the drafts, for editors only: never cached, never indexed.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
});

export const meta: Route.MetaFunction = () => accountMeta("Preview of the board page");

export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const { db } = getDatabase();
  const content = await readDraftContent(db);
  const season = url.searchParams.get("season");
  return {
    seasons: boardSeasonViews(
      content.boardSeasons,
      await resolveMedia(db, boardPortraitMediaIds(content.boardSeasons)),
    ),
    backHref: season ? editPath("board-season", season) : null,
  };
}

export default function AdminContentPreviewBoard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBanner backHref={loaderData.backHref} />
      <BoardPage seasons={loaderData.seasons} />
    </>
  );
}
