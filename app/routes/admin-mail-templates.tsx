import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { listMailTemplatesForAdmin } from "~/features/mail-templates/mail-template-editor.server";
import { MailTemplatesPage } from "~/features/mail-templates/mail-templates-page";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-mail-templates";

export const meta: Route.MetaFunction = () => accountMeta("Mail templates");

// A page that lists: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  return { rows: await listMailTemplatesForAdmin(getDatabase().db) };
}

export default function AdminMailTemplates({ loaderData }: Route.ComponentProps) {
  return <MailTemplatesPage rows={loaderData.rows} />;
}
