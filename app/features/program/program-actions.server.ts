import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { data } from "react-router";
import type { AuditActor } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { z } from "~/lib/zod.server";
import type { ProgramActionData } from "./program-admin-view";
import { describeProgramRefusal, type ProgramRefusal } from "./program-messages";
import { settlePendingNotice } from "./program-notices.server";
import { programPaths } from "./program-paths";
import { publishProgram } from "./program-publish.server";
import {
  createProgramSession,
  deleteProgramSession,
  updateProgramSession,
} from "./program-sessions.server";
import {
  movePresentation,
  placePresentation,
  setSlotMinutes,
  unplacePresentation,
} from "./program-slots.server";
import type { ProgramEdition } from "./program-times";

/** The editor's buttons: one intent each. */
export const programIntents = [
  "create-session",
  "update-session",
  "delete-session",
  "place",
  "unplace",
  "move-up",
  "move-down",
  "set-minutes",
  "publish",
  "mail-presenters",
  "skip-mail",
] as const;

/**
 * A field's text as sent, empty when absent, cut to a length no honest form sends. The commands check
 * what the text says, so a refused session form comes back as it was typed.
 */
const sentText = (max = 4000) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").slice(0, max));

const id = () => sentText(100);

/** A version number as the page sent it back. */
const toVersion = (text: string, context: z.RefinementCtx) => {
  const version = Number(text);
  if (Number.isSafeInteger(version)) return version;
  context.addIssue({ code: "custom", message: "Not a version number." });
  return z.NEVER;
};

const sessionForm = z.object({
  sessionId: id(),
  title: sentText(),
  kind: sentText(20),
  room: sentText(),
  startsAt: sentText(10),
  endsAt: sentText(10),
  chair: sentText(),
  description: sentText(),
});
const placeForm = z.object({ sessionId: id(), submissionId: id() });
const slotForm = z.object({ slotId: id(), minutes: sentText(10) });
const publishForm = z.object({
  // Empty: the page had no published version to show.
  basedOnVersion: sentText(12).transform((text, context) =>
    text === "" ? null : toVersion(text, context),
  ),
});
const noticeForm = z.object({ version: sentText(12).transform(toVersion) });

/** A form of text fields only: nothing a browser sends is refused (an absent field is empty). */
function readText<Schema extends z.ZodType>(schema: Schema, formData: FormData): z.infer<Schema> {
  const form = readForm(schema, formData);
  if (!form.ok) throw new Error(`A text form was refused: ${form.message}`);
  return form.value;
}

export type ProgramActionDeps = {
  db: Kysely<Database>;
  /** The current edition, whose program the editor edits. */
  edition: ProgramEdition;
  /** Asked for only when presenters are mailed. */
  mailer: () => Mailer;
  logger: Pick<Logger, "error">;
  /** The site's address, for the program's link in the presenters' mail. */
  baseUrl: string;
};

type ProgramAnswer = ProgramActionData | ReturnType<typeof data<ProgramActionData>>;

/** A refusal as the page shows it, with the form it concerns (a session's, filled in as sent). */
function refused(refusal: ProgramRefusal, extra: Partial<ProgramActionData> = {}): ProgramAnswer {
  const { status, message, fieldErrors } = describeProgramRefusal(refusal);
  return data<ProgramActionData>({ message, fieldErrors, ...extra }, status);
}

/** A publish or notice refusal: its message alone. */
function refusedMessage(refusal: ProgramRefusal): ProgramAnswer {
  const { status, message } = describeProgramRefusal(refusal);
  return data<ProgramActionData>({ message }, status);
}

type ChangeOutcome = Awaited<ReturnType<typeof deleteProgramSession>>;

const answer = (outcome: ChangeOutcome): ProgramAnswer =>
  outcome.ok ? { message: outcome.value.message } : refused(outcome);

/**
 * The program editor's action: the pressed button's intent, its form, the command, and the page's
 * answer (the message; a refused session form comes back filled in as it was sent).
 */
export async function handleProgramAction(
  deps: ProgramActionDeps,
  actor: AuditActor,
  formData: FormData,
): Promise<ProgramAnswer> {
  const { db, edition } = deps;
  const editionYear = edition.year;
  const intent = readIntent(formData, programIntents);
  switch (intent) {
    case "create-session":
    case "update-session": {
      const form = readText(sessionForm, formData);
      const { sessionId, ...session } = form;
      if (intent === "create-session") {
        const outcome = await createProgramSession(db, { editionYear, session, actor });
        return outcome.ok
          ? { message: outcome.value.message, createdId: outcome.value.id }
          : refused(outcome, { form: "new", values: session });
      }
      const outcome = await updateProgramSession(db, { editionYear, sessionId, session, actor });
      return outcome.ok
        ? { message: outcome.value.message }
        : refused(outcome, { form: sessionId, values: session });
    }
    case "delete-session":
    case "place": {
      const form = readText(placeForm, formData);
      const { sessionId, submissionId } = form;
      return answer(
        intent === "place"
          ? await placePresentation(db, { editionYear, sessionId, submissionId, actor })
          : await deleteProgramSession(db, { editionYear, sessionId, actor }),
      );
    }
    case "unplace":
    case "move-up":
    case "move-down":
    case "set-minutes": {
      const form = readText(slotForm, formData);
      const { slotId, minutes } = form;
      return answer(await changeSlot(db, { intent, editionYear, slotId, minutes, actor }));
    }
    case "publish": {
      const form = readForm(publishForm, formData);
      if (!form.ok) return refusedMessage({ reason: "publish-version-unreadable" });
      const outcome = await publishProgram(db, {
        edition,
        actor,
        basedOnVersion: form.value.basedOnVersion,
      });
      return outcome.ok ? { message: outcome.value.message } : refusedMessage(outcome);
    }
    case "mail-presenters":
    case "skip-mail": {
      const form = readForm(noticeForm, formData);
      if (!form.ok) return refusedMessage({ reason: "notice-version-unreadable" });
      const outcome = await settlePendingNotice(
        { db, mailer: deps.mailer(), logger: deps.logger },
        {
          editionYear,
          version: form.value.version,
          send: intent === "mail-presenters",
          programUrl: `${deps.baseUrl}${programPaths(edition).page}`,
          actor,
        },
      );
      return outcome.ok ? { message: outcome.value.message } : refusedMessage(outcome);
    }
    default:
      return refusedMessage({ reason: "unknown-intent" });
  }
}

/** The buttons of a placed presentation: remove, move up or down, set its minutes. */
function changeSlot(
  db: Kysely<Database>,
  input: {
    intent: "unplace" | "move-up" | "move-down" | "set-minutes";
    editionYear: number;
    slotId: string;
    minutes: string;
    actor: AuditActor;
  },
): Promise<ChangeOutcome> {
  const { intent, editionYear, slotId, actor } = input;
  if (intent === "unplace") return unplacePresentation(db, { editionYear, slotId, actor });
  if (intent === "set-minutes")
    return setSlotMinutes(db, { editionYear, slotId, minutes: input.minutes, actor });
  const direction = intent === "move-up" ? "up" : "down";
  return movePresentation(db, { editionYear, slotId, direction, actor });
}
