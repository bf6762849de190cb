import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { readContentIndex } from "~/features/site-content/content-index.server";
import { ContentIndexPage } from "~/features/site-content/content-index-page";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content";

export const meta: Route.MetaFunction = () => accountMeta("Site content");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  return { groups: await readContentIndex(getDatabase().db) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return <ContentIndexPage groups={loaderData.groups} />;
}
