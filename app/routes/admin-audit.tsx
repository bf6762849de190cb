import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { listAuditEntries } from "~/features/admin/audit-log.server";
import { AuditPage } from "~/features/admin/audit-page";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = () => accountMeta("Audit log");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const page = Number(url.searchParams.get("page")) || 1;
  const log = await listAuditEntries(getDatabase().db, page);
  return {
    ...log,
    entries: log.entries.map((entry) => ({
      id: entry.id,
      whenText: formatConferenceDateTime(entry.created_at),
      who: entry.actor_label,
      action: entry.action,
      target: entry.target_email,
      details: entry.details,
    })),
  };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPage {...loaderData} />;
}
