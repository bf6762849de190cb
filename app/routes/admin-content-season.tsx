import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import {
  handleSeasonAction,
  loadSeasonEditor,
  refusedSeasonForm,
  seasonNotice,
} from "~/features/site-content/board-season-editor.server";
import { SeasonEditorPage } from "~/features/site-content/season-editor-page";
import seasonPortraitScriptUrl from "~/features/site-content/season-portrait-script.ts?worker&url";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-season";

// One module for a season's form and for "Add a season" (no :season parameter).
export const meta: Route.MetaFunction = ({ params }) =>
  accountMeta(params.season ? `${params.season} board` : "Add a season");

export const handle = documentPageHandleWithScript(seasonPortraitScriptUrl);
export const clientLoader = openAsDocument;

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const view = await loadSeasonEditor(getDatabase().db, params.season ?? null, url.searchParams);
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view, notice: seasonNotice(url) };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const form = await request.formData();
  const season = params.season ?? null;
  // Signed out while typing: the form comes back with everything in it, rather than a redirect to
  // the login page that would lose it.
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) return refusedSeasonForm(season, form, sessionEndedWhileEditing);
  return handleSeasonAction(getDatabase().db, { id: editor.user.id }, season, form);
}

export default function AdminContentSeason({ loaderData, actionData }: Route.ComponentProps) {
  return <SeasonEditorPage {...loaderData} action={actionData} />;
}
