import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { MailLogPage } from "~/features/mail-log/mail-log-page";
import { handleMailLogAction, loadMailLogPage } from "~/features/mail-log/mail-log-pages.server";
import { getDatabase } from "~/lib/db/db.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-mail";

export const meta: Route.MetaFunction = () => accountMeta("Mail");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  return loadMailLogPage(getDatabase().db, url.searchParams);
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

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  return <MailLogPage {...loaderData} message={actionData?.message} />;
}
