import { data } from "react-router";
import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import { ContentVersionPage } from "~/features/site-content/content-history-page";
import {
  contentRefFrom,
  loadVersion,
  restoreAction,
} from "~/features/site-content/content-history-view.server";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-version";

export const meta: Route.MetaFunction = ({ params }) =>
  accountMeta(`Content version ${params.version}`);

// A page that lists and posts: a document without framework JavaScript (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const ref = contentRefFrom(params);
  const view = ref ? await loadVersion(getDatabase().db, ref, Number(params.version)) : null;
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view };
}

export async function action({ context, url, params }: Route.ActionArgs) {
  // Signed out meanwhile: the page says so in place, as every content form does, instead of leaving it.
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) return data({ message: sessionEndedWhileEditing }, { status: 401 });
  const ref = contentRefFrom(params);
  if (!ref) throw new Response("Not Found", { status: 404 });
  return restoreAction(getDatabase().db, { id: editor.user.id }, ref, Number(params.version));
}

export default function AdminContentVersion({ loaderData, actionData }: Route.ComponentProps) {
  return <ContentVersionPage view={loaderData.view} message={actionData?.message} />;
}
