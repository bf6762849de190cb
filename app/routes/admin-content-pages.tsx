import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import {
  handlePageFormAction,
  loadPageForm,
  returnPageFormUnsaved,
} from "~/features/site-content/page-forms.server";
import {
  isPageForm,
  type PageForm,
  pageFormKinds,
} from "~/features/site-content/page-forms-fields";
import { PageFormPage, pageFormTitle } from "~/features/site-content/page-forms-page";
import pictureUploadsScriptUrl from "~/features/site-content/picture-uploads-script.ts?worker&url";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-pages";

// One module for the four page forms (/user-data/content/home, footer, naclo, events): the last part
// of the address names the form.
function formOf(url: URL): PageForm {
  const form = url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  if (!isPageForm(form)) throw new Response("Not Found", { status: 404 });
  return form;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  accountMeta(loaderData ? pageFormTitle(loaderData.form) : "Site content");

// A document, without framework JavaScript: the browser posts the form; the content editors' own
// script sends the home form's carousel pictures with a progress bar each, without leaving the
// page.
export const handle = documentPageHandleWithScript(pictureUploadsScriptUrl);
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  return loadPageForm(getDatabase().db, formOf(url), url.searchParams);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const editor = contentEditorForAction(context, url);
  const form = formOf(url);
  const formData = await request.formData();
  if (!editor.ok) return returnPageFormUnsaved(form, formData, sessionEndedWhileEditing);
  return handlePageFormAction(getDatabase().db, form, { id: editor.user.id }, formData);
}

export default function AdminContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = actionData ?? {
    values: loaderData.values,
    errors: {},
    basedOn: loaderData.basedOn,
    message: loaderData.notice,
    formKey: loaderData.formKey,
    pictures: loaderData.pictures,
  };
  return (
    <PageFormPage
      form={loaderData.form}
      kind={pageFormKinds[loaderData.form]}
      status={loaderData}
      {...form}
    />
  );
}
