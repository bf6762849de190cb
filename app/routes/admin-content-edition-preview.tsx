import { data } from "react-router";
import { editionPagePath } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { contentEmbeds, embedOrigins } from "~/features/embeds/embed-origins";
import { EditionPage } from "~/features/sculc/edition-page";
import { editionPageMediaIds, loadEditionPage } from "~/features/sculc/load-edition-page.server";
import { readDocument } from "~/features/site-content/content-store.server";
import { editionEditorPaths } from "~/features/site-content/edition-paths";
import { EditionPreview } from "~/features/site-content/edition-preview-page";
import { readDraftContent } from "~/features/site-content/published-content.server";
import { getDatabase } from "~/lib/db/db.server";
import {
  documentPageHandle,
  openAsDocument,
  previewFrameOriginsHeader,
} from "~/lib/request-context";
import type { Route } from "./+types/admin-content-edition-preview";

// A draft is for editors' eyes: never kept by a cache, never indexed.
const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  ...privateHeaders,
  [previewFrameOriginsHeader]: loaderHeaders.get(previewFrameOriginsHeader) ?? "",
});

export const meta: Route.MetaFunction = ({ params }) =>
  accountMeta(`Preview of SCULC ${params.year}`);

export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const { db } = getDatabase();
  const [content, document] = await Promise.all([
    readDraftContent(db),
    readDocument(db, { kind: "edition", key: params.year }),
  ]);
  const year = Number(params.year);
  const edition = content.editions.find((candidate) => candidate.year === year);
  const page = edition?.pages.find((candidate) => candidate.slug === (params.slug ?? ""));
  const path = edition && page && editionPagePath(edition, page);
  const media = path
    ? await resolveMedia(db, editionPageMediaIds(path, content.editions))
    : undefined;
  const loaded = path && loadEditionPage(path, content.editions, media);
  if (!document || !loaded)
    throw new Response("Not Found", { status: 404, headers: privateHeaders });
  // The preview's own menu leads to the other pages' previews, not to pages visitors cannot see yet.
  const subPages = loaded.subPages.map((subPage, index) => ({
    ...subPage,
    path: editionEditorPaths.preview(year, edition.pages[index]?.slug),
  }));
  return data(
    {
      page: { ...loaded, subPages },
      frame: {
        year,
        revision: document.draftRevision,
        publishedVersion: document.publishedVersion,
        hasUnpublishedChanges: document.hasUnpublishedChanges,
      },
    },
    {
      headers: {
        ...privateHeaders,
        // The drafts may embed a host visitors' pages do not frame yet.
        [previewFrameOriginsHeader]: embedOrigins(contentEmbeds(content)).join(" "),
      },
    },
  );
}

export default function AdminContentEditionPreview({ loaderData }: Route.ComponentProps) {
  return (
    <EditionPreview frame={loaderData.frame}>
      <EditionPage data={loaderData.page} />
    </EditionPreview>
  );
}
