import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { ContentHistoryPage } from "~/features/site-content/content-history-page";
import {
  contentRefFrom,
  historyNotice,
  loadHistory,
} from "~/features/site-content/content-history-view.server";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-history";

export const meta: Route.MetaFunction = () => accountMeta("Content history");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const ref = contentRefFrom(params);
  const view = ref ? await loadHistory(getDatabase().db, ref) : null;
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view, notice: historyNotice(url) };
}

export default function AdminContentHistory({ loaderData }: Route.ComponentProps) {
  return <ContentHistoryPage {...loaderData} />;
}
