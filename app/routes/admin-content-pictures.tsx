import { redirect } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import { contentEditorForAction, requireContentEditor } from "~/features/accounts/session.server";
import { getMediaDependencies } from "~/features/content-media/media-dependencies.server";
import { receiveImageUpload } from "~/features/content-media/media-upload.server";
import { pageFormPaths } from "~/features/site-content/page-forms-parts";
import { pictureListOf, pictureUploadSignedOut } from "~/features/site-content/page-forms-pictures";
import { pictureUploadRedirect } from "~/features/site-content/page-forms-pictures.server";
import { UploadSignedOutPage } from "~/features/site-content/picture-list-editor";
import {
  isSignedOutUploadAnswer,
  signedOutUploadAnswer,
} from "~/features/site-content/picture-upload-answer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-pictures";

// A picture uploaded without JavaScript (one file, a plain multipart post): stored through the media
// pipeline, then back to the home form, which adds it to its list for the editor to describe and
// save, or says why it was refused. The form's own fields are never in this post, so nothing typed
// there is saved or changed here.
const form = "home";

export const meta: Route.MetaFunction = () => accountMeta("Picture not uploaded");

// A document, without framework JavaScript: what an upload without JavaScript answers.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) return signedOutUploadAnswer(context);
  const list = pictureListOf(form);
  if (!list) throw new Response("Not Found", { status: 404 });
  const result = await receiveImageUpload(getMediaDependencies(), request, {
    purpose: list.purpose,
    actor: editor.user,
  });
  return redirect(pictureUploadRedirect(form, result));
}

export function loader({ context, request }: Route.LoaderArgs) {
  // Drawing the answer to a signed-out editor's upload (this request's action): no redirect.
  if (isSignedOutUploadAnswer(context)) return null;
  requireContentEditor(context, new URL(request.url));
  return redirect(pageFormPaths.form(form));
}

export default function PictureUploadAnswer({ actionData }: Route.ComponentProps) {
  return (
    <UploadSignedOutPage
      title="Picture not uploaded"
      message={actionData?.error ?? pictureUploadSignedOut}
      back={pageFormPaths.form(form)}
      backText="Back to the home page form"
    />
  );
}
