import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { handleProgramAction } from "~/features/program/program-actions.server";
import { ProgramAdminPage } from "~/features/program/program-admin-page";
import { toProgramEditorProps } from "~/features/program/program-admin-view";
import { readPendingNotice } from "~/features/program/program-notices.server";
import { isProgramBuiltInSite, programPaths } from "~/features/program/program-paths";
import { readProgramEditor } from "~/features/program/program-publish.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-program";

export const meta: Route.MetaFunction = () => accountMeta("Program");

// A document: each of the program's forms posts as the browser's own and the answer redraws the page.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

function loadEdition() {
  const edition = getCurrentEdition();
  // Only editions that collected their abstracts here have presentations to place.
  if (!isProgramBuiltInSite(edition)) throw new Response("Not Found", { status: 404 });
  return edition;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const edition = loadEdition();
  const { db } = getDatabase();
  const [editor, notice] = await Promise.all([
    readProgramEditor(db, edition),
    readPendingNotice(db, edition.year),
  ]);
  return toProgramEditorProps({
    editionName: editionName(edition.year),
    editor,
    notice,
    paths: programPaths(edition),
  });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const edition = loadEdition();
  return handleProgramAction(
    {
      db: getDatabase().db,
      edition,
      mailer: getMailer,
      logger: getLogger(),
      baseUrl: getEnv().baseUrl,
    },
    { userId: admin.id, label: admin.email },
    await request.formData(),
  );
}

export default function AdminProgram({ loaderData, actionData }: Route.ComponentProps) {
  return <ProgramAdminPage {...loaderData} action={actionData} />;
}
