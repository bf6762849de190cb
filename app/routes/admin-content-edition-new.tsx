import { redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import {
  contentEditorForAction,
  requireContentEditor,
  sessionEndedWhileEditing,
} from "~/features/accounts/session.server";
import { readDocument } from "~/features/site-content/content-store.server";
import { editionEditorPaths } from "~/features/site-content/edition-paths";
import { startNextEdition } from "~/features/site-content/edition-start.server";
import { StartEditionPage } from "~/features/site-content/edition-start-page";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-content-edition-new";

export const meta: Route.MetaFunction = () => accountMeta("Start next year's conference");

// A document, without framework JavaScript: the browser posts the form.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireContentEditor(context, url);
  const currentYear = getCurrentEdition().year;
  const next = await readDocument(getDatabase().db, {
    kind: "edition",
    key: String(currentYear + 1),
  });
  return { currentYear, nextYear: currentYear + 1, nextExists: next !== null };
}

export async function action({ context, url }: Route.ActionArgs) {
  const editor = contentEditorForAction(context, url);
  if (!editor.ok) return { reason: "signed-out" as const, message: sessionEndedWhileEditing };
  const { isCurrent: _derived, ...current } = getCurrentEdition();
  const outcome = await startNextEdition(getDatabase().db, current, { id: editor.user.id });
  if (outcome.ok) return redirect(editionEditorPaths.edition(outcome.year));
  return {
    reason: outcome.reason,
    year: outcome.year,
    message:
      outcome.reason === "exists"
        ? `SCULC ${outcome.year} has already been started.`
        : `SCULC ${outcome.year} could not be started from this year's content: ${outcome.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}`,
  };
}

export default function AdminContentEditionNew({ loaderData, actionData }: Route.ComponentProps) {
  return <StartEditionPage view={loaderData} action={actionData} />;
}
