import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { listEditions } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { decisionMailPreviews } from "~/features/decisions/decision-mail-preview.server";
import {
  handleMailTemplateAction,
  loadMailTemplateEditor,
} from "~/features/mail-templates/mail-template-editor.server";
import { MailTemplatePage } from "~/features/mail-templates/mail-template-page";
import mailTemplateScriptUrl from "~/features/mail-templates/mail-template-script.ts?worker&url";
import { isMailTemplateKey, type MailTemplateKey } from "~/features/mail-templates/mail-templates";
import { presenterMailPreviews } from "~/features/presenters/presenter-mail-preview.server";
import { programMailPreviews } from "~/features/program/program-mail-preview.server";
import { reviewMailPreviews } from "~/features/review/review-mail-preview.server";
import { getDatabase } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-mail-template";

export const meta: Route.MetaFunction = () => accountMeta("Mail template");

// A document: the browser posts the editor's forms; its own script makes the preview follow the typing
// and inserts placeholders where the cursor is.
export const handle = documentPageHandleWithScript(mailTemplateScriptUrl);
export const clientLoader = openAsDocument;

function templateKey(params: { key?: string }): MailTemplateKey {
  const key = params.key ?? "";
  if (!isMailTemplateKey(key)) throw new Response("Not Found", { status: 404 });
  return key;
}

/** A real recipient's values for the preview, from the current edition, found by the mail's feature. */
async function previewSource(db: Kysely<Database>, key: MailTemplateKey) {
  const [edition] = listEditions();
  if (!edition) return { source: null, editionName: null };
  const sources = {
    ...decisionMailPreviews(db, edition),
    ...presenterMailPreviews(db, edition),
    ...reviewMailPreviews(db, edition),
    ...programMailPreviews(db, edition),
  };
  return { source: (await sources[key]?.()) ?? null, editionName: editionName(edition.year) };
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const key = templateKey(params);
  const db = getDatabase().db;
  return {
    view: await loadMailTemplateEditor(db, key, await previewSource(db, key)),
    confirmRestore: url.searchParams.has("restore"),
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const key = templateKey(params);
  return handleMailTemplateAction(
    getDatabase().db,
    { key, actor: { userId: admin.id, label: admin.email } },
    await request.formData(),
  );
}

export default function AdminMailTemplate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MailTemplatePage
      view={loaderData.view}
      answer={actionData}
      confirmRestore={loaderData.confirmRestore}
    />
  );
}
