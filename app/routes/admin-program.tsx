import { data } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  createProgramSession,
  deleteProgramSession,
  movePresentation,
  type ProgramOutcome,
  placePresentation,
  type SessionInput,
  setSlotMinutes,
  unplacePresentation,
  updateProgramSession,
} from "~/features/program/program.server";
import {
  type ProgramActionData,
  ProgramAdminPage,
  toProgramEditorProps,
} from "~/features/program/program-admin-page";
import { readPendingNotice, settlePendingNotice } from "~/features/program/program-notices.server";
import { isProgramBuiltInSite, programPaths } from "~/features/program/program-paths";
import { publishProgram, readProgramEditor } from "~/features/program/program-publish.server";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import type { Route } from "./+types/admin-program";

export const meta: Route.MetaFunction = () => accountMeta("Program");

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

/** A form field as text, cut to a length no honest form sends. */
const field = (form: FormData, name: string, max = 4000) =>
  String(form.get(name) ?? "").slice(0, max);

const sessionInput = (form: FormData): SessionInput => ({
  title: field(form, "title"),
  kind: field(form, "kind", 20),
  room: field(form, "room"),
  startsAt: field(form, "startsAt", 10),
  endsAt: field(form, "endsAt", 10),
  chair: field(form, "chair"),
  description: field(form, "description"),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const actor = { userId: admin.id, label: admin.email };
  const edition = loadEdition();
  const { db } = getDatabase();
  const form = await request.formData();
  const intent = field(form, "intent", 40);
  const editionYear = edition.year;
  const sessionId = field(form, "sessionId", 100);
  const slotId = field(form, "slotId", 100);

  const answer = (
    outcome: ProgramOutcome,
    extra: Partial<ProgramActionData> = {},
  ): ProgramActionData | ReturnType<typeof data<ProgramActionData>> =>
    outcome.ok
      ? { message: outcome.message, ...extra }
      : data(
          { message: outcome.message, fieldErrors: outcome.fieldErrors, ...extra },
          outcome.status,
        );

  switch (intent) {
    case "create-session": {
      const session = sessionInput(form);
      const outcome = await createProgramSession(db, { editionYear, session, actor });
      // A refused form comes back filled in as it was sent.
      return answer(
        outcome,
        outcome.ok ? { createdId: outcome.id } : { form: "new", values: session },
      );
    }
    case "update-session": {
      const session = sessionInput(form);
      const outcome = await updateProgramSession(db, { editionYear, sessionId, session, actor });
      return answer(outcome, outcome.ok ? {} : { form: sessionId, values: session });
    }
    case "delete-session":
      return answer(await deleteProgramSession(db, { editionYear, sessionId, actor }));
    case "place":
      return answer(
        await placePresentation(db, {
          editionYear,
          sessionId,
          submissionId: field(form, "submissionId", 100),
          actor,
        }),
      );
    case "unplace":
      return answer(await unplacePresentation(db, { editionYear, slotId, actor }));
    case "move-up":
    case "move-down":
      return answer(
        await movePresentation(db, {
          editionYear,
          slotId,
          direction: intent === "move-up" ? "up" : "down",
          actor,
        }),
      );
    case "set-minutes":
      return answer(
        await setSlotMinutes(db, {
          editionYear,
          slotId,
          minutes: field(form, "minutes", 10),
          actor,
        }),
      );
    case "publish": {
      const based = field(form, "basedOnVersion", 12);
      const basedOnVersion = based === "" ? null : Number(based);
      if (basedOnVersion !== null && !Number.isSafeInteger(basedOnVersion))
        return data<ProgramActionData>(
          { message: "Please reload the page and publish again." },
          400,
        );
      const outcome = await publishProgram(db, { edition, actor, basedOnVersion });
      return outcome.ok
        ? { message: outcome.message }
        : data<ProgramActionData>({ message: outcome.message }, outcome.status);
    }
    case "mail-presenters":
    case "skip-mail": {
      const version = Number(field(form, "version", 12));
      if (!Number.isSafeInteger(version))
        return data<ProgramActionData>({ message: "Please reload the page and try again." }, 400);
      const outcome = await settlePendingNotice(
        { db, mailer: getMailer(), logger: getLogger() },
        {
          editionYear,
          version,
          send: intent === "mail-presenters",
          programUrl: `${getEnv().baseUrl}${programPaths(edition).page}`,
          actor,
        },
      );
      return outcome.ok
        ? { message: outcome.message }
        : data<ProgramActionData>({ message: outcome.message }, outcome.status);
    }
    default:
      return data<ProgramActionData>({ message: "Unknown action." }, 400);
  }
}

export default function AdminProgram({ loaderData, actionData }: Route.ComponentProps) {
  return <ProgramAdminPage {...loaderData} action={actionData} />;
}
