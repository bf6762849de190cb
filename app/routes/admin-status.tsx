import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { readSiteStatus, toSiteStatusView } from "~/features/site-status/site-status.server";
import { SiteStatusPage } from "~/features/site-status/site-status-page";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import { getFileStorage } from "~/lib/storage/storage.server";
import type { Route } from "./+types/admin-status";

export const meta: Route.MetaFunction = () => accountMeta("Site status");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const database = getDatabase();
  const status = await readSiteStatus({
    db: database.db,
    dialect: database.dialect,
    env: getEnv(),
    storageDescription: getFileStorage().describe(),
  });
  return { status: toSiteStatusView(status) };
}

export default function AdminStatus({ loaderData }: Route.ComponentProps) {
  return <SiteStatusPage status={loaderData.status} />;
}
