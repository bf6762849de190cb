import { requireAdmin } from "~/features/accounts/session.server";
import { getMediaDependencies } from "~/features/content-media/media-dependencies.server";
import { mediaUploadAnswer } from "~/features/content-media/media-upload-answer.server";
import type { Route } from "./+types/admin-content-media";

// The editors' uploads of pictures (several at once, with progress, from the content forms' script)
// and the program PDF (`?purpose=document`), answered as JSON. Admins only until the editor role
// exists.
export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const user = requireAdmin(context, url);
  return mediaUploadAnswer(getMediaDependencies(), request, {
    purpose: url.searchParams.get("purpose"),
    actor: user,
  });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
