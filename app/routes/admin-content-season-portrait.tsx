import { redirect } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import { contentEditorForAction, requireContentEditor } from "~/features/accounts/session.server";
import { getMediaDependencies } from "~/features/content-media/media-dependencies.server";
import { receiveImageUpload } from "~/features/content-media/media-upload.server";
import {
  portraitUploadRedirect,
  portraitUploadTarget,
} from "~/features/site-content/board-season-portraits.server";
import { editPath } from "~/features/site-content/content-labels";
import { pictureUploadSignedOut } from "~/features/site-content/page-forms-pictures";
import { UploadSignedOutPage } from "~/features/site-content/picture-list-editor";
import {
  isSignedOutUploadAnswer,
  signedOutUploadAnswer,
} from "~/features/site-content/picture-upload-answer.server";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-season-portrait";

// A board member's portrait uploaded without JavaScript (one file, a plain multipart post, the member
// named in the address): stored through the media pipeline, then back to the season form, which puts
// it on the member for the editor to describe and save, or says why it was refused. The season form's
// own fields are never in this post, so nothing typed there is saved or changed here.

export const meta: Route.MetaFunction = () => accountMeta("Portrait not uploaded");

export async function action({ context, request, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) return signedOutUploadAnswer(context);
  const target = await portraitUploadTarget(getDatabase().db, params.season, url.searchParams);
  if (!target) throw new Response("Not Found", { status: 404 });
  const result = await receiveImageUpload(getMediaDependencies(), request, {
    purpose: "portrait",
    actor: editor.user,
  });
  return redirect(portraitUploadRedirect(target, result));
}

export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export function loader({ context, request, params }: Route.LoaderArgs) {
  // Drawing the answer to a signed-out editor's upload (this request's action): no redirect.
  if (isSignedOutUploadAnswer(context)) return null;
  requireContentEditor(context, new URL(request.url));
  return redirect(editPath("board-season", params.season));
}

export default function PortraitUploadAnswer({ actionData, params }: Route.ComponentProps) {
  return (
    <UploadSignedOutPage
      title="Portrait not uploaded"
      message={actionData?.error ?? pictureUploadSignedOut}
      back={editPath("board-season", params.season)}
      backText="Back to the season's form"
    />
  );
}
