import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import { getMediaDependencies } from "~/features/content-media/media-dependencies.server";
import { mediaUploadAnswer } from "~/features/content-media/media-upload-answer.server";
import type { Route } from "./+types/admin-content-media";

// The editors' uploads of pictures (several at once, with progress, from the content forms' script)
// and the program PDF (`?purpose=document`), answered as JSON. An editor signed out meanwhile is told
// so in the same JSON (a redirect to the login page would be lost on the upload script).
export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) {
    return Response.json(
      { error: sessionEndedWhileEditing, field: "file" },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return mediaUploadAnswer(getMediaDependencies(), request, {
    purpose: url.searchParams.get("purpose"),
    actor: editor.user,
  });
}

export function loader({ context, request }: Route.LoaderArgs) {
  requireContentEditor(context, new URL(request.url));
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
