import { accountMeta } from "~/features/accounts/account-meta";
import { requireContentEditor } from "~/features/accounts/session.server";
import { readContentIndex } from "~/features/site-content/content-index.server";
import { ContentIndexPage } from "~/features/site-content/content-index-page";
import { getDatabase } from "~/lib/db/db.server";
import type { Route } from "./+types/admin-content";

export const meta: Route.MetaFunction = () => accountMeta("Site content");

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  return { groups: await readContentIndex(getDatabase().db) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return <ContentIndexPage groups={loaderData.groups} />;
}
