import { redirect } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import { contentEditorForAction, requireContentEditor } from "~/features/accounts/session.server";
import { getMediaDependencies } from "~/features/content-media/media-dependencies.server";
import {
  receiveImageUpload,
  storeContentDocument,
} from "~/features/content-media/media-upload.server";
import { readDocument } from "~/features/site-content/content-store.server";
import { toFormState } from "~/features/site-content/edition-form";
import {
  editionUploadQuery,
  findEditionMediaList,
} from "~/features/site-content/edition-media-lists";
import type { EditionDocument } from "~/features/site-content/edition-next";
import { editionEditorPaths } from "~/features/site-content/edition-paths";
import { pictureUploadSignedOut } from "~/features/site-content/page-forms-pictures";
import { uploadResultQuery } from "~/features/site-content/page-forms-pictures.server";
import { UploadSignedOutPage } from "~/features/site-content/picture-list-editor";
import {
  isSignedOutUploadAnswer,
  signedOutUploadAnswer,
} from "~/features/site-content/picture-upload-answer.server";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-edition-files";

// A file for an edition page uploaded without JavaScript (one file, a plain multipart post to the
// place named by `?list=`: a gallery's photos, the program's pages, the schedule, the program PDF):
// stored through the media pipeline, then back to the page's form, which puts it in that place for
// the editor to describe and save, or says there why it was refused. The form's own fields are never
// in this post, so nothing typed there is saved or changed here.

export const meta: Route.MetaFunction = () => accountMeta("File not uploaded");

// A document, without framework JavaScript: what an upload without JavaScript answers.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

async function placeOf(params: Route.ActionArgs["params"], url: URL) {
  const document = await readDocument(getDatabase().db, { kind: "edition", key: params.year });
  const page = Number(params.page);
  const path = url.searchParams.get(editionUploadQuery.list) ?? "";
  const tree = document && toFormState(document.draft as EditionDocument);
  const list = tree && Number.isInteger(page) ? findEditionMediaList(tree, page, path) : undefined;
  if (!list) throw new Response("Not Found", { status: 404 });
  return { list, back: editionEditorPaths.page(Number(params.year), page) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) {
    return {
      ...signedOutUploadAnswer(context),
      back: editionEditorPaths.page(Number(params.year), Number(params.page) || 0),
    };
  }
  const { list, back } = await placeOf(params, url);
  const deps = getMediaDependencies();
  const result =
    list.kind === "document"
      ? await storeContentDocument(deps, request, { actor: editor.user })
      : await receiveImageUpload(deps, request, { purpose: list.purpose, actor: editor.user });
  const query = uploadResultQuery(result);
  query.set(editionUploadQuery.list, list.path);
  return redirect(`${back}?${query}#field-${list.path}`);
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  // Drawing the answer to a signed-out editor's upload (this request's action): no redirect.
  if (isSignedOutUploadAnswer(context)) return null;
  const url = new URL(request.url);
  requireContentEditor(context, url);
  const { back } = await placeOf(params, url);
  return redirect(back);
}

export default function EditionFileUploadAnswer({ actionData }: Route.ComponentProps) {
  return (
    <UploadSignedOutPage
      title="File not uploaded"
      message={actionData?.error ?? pictureUploadSignedOut}
      back={actionData?.back ?? editionEditorPaths.start}
      backText="Back to the page form"
    />
  );
}
