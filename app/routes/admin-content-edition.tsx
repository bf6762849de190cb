import { data, redirect } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import { readDocument } from "~/features/site-content/content-store.server";
import { answerStatus, handleEditionForm } from "~/features/site-content/edition-actions.server";
import { toEditionEditorView } from "~/features/site-content/edition-editor-view.server";
import { EditionFormPage } from "~/features/site-content/edition-form-page";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-edition";

export const meta: Route.MetaFunction = ({ params }) => accountMeta(`SCULC ${params.year}`);

// A document, without framework JavaScript: the browser posts the form; the page script shows the
// pending labels.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const document = await readDocument(getDatabase().db, { kind: "edition", key: params.year });
  if (!document) throw new Response("Not Found", { status: 404 });
  return toEditionEditorView(document);
}

export async function action({ context, url, params, request }: Route.ActionArgs) {
  const editor = contentEditorForAction(context, url);
  const answer = await handleEditionForm(getDatabase().db, {
    year: Number(params.year),
    scope: { form: "edition" },
    actor: editor.ok ? { id: editor.user.id } : { refusal: sessionEndedWhileEditing },
    formData: await request.formData(),
  });
  if (!answer) throw new Response("Not Found", { status: 404 });
  if (answer.redirectTo) throw redirect(answer.redirectTo);
  return data(answer, answerStatus(answer));
}

export default function AdminContentEdition({ loaderData, actionData }: Route.ComponentProps) {
  return <EditionFormPage view={loaderData} answer={actionData} />;
}
