import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  handleMailLogAction,
  loadMailMessagePage,
} from "~/features/mail-log/mail-log-pages.server";
import { MailMessagePage } from "~/features/mail-log/mail-message-page";
import { getDatabase } from "~/lib/db/db.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-mail-message";

export const meta: Route.MetaFunction = ({ data }) =>
  accountMeta(data ? `Mail: ${data.message.subject}` : "Mail");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url);
  return loadMailMessagePage(getDatabase().db, params.id);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const mailer = getMailer();
  return handleMailLogAction(
    { db: getDatabase().db, wake: () => mailer.wake() },
    { userId: admin.id, label: admin.email },
    await request.formData(),
  );
}

export default function AdminMailMessage({ loaderData, actionData }: Route.ComponentProps) {
  return <MailMessagePage {...loaderData} notice={actionData?.message} />;
}
