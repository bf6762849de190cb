import { data } from "react-router";
import type { EditionContent } from "~/content/sculc/edition-types";
import type { AuditActor } from "~/lib/audit.server";
import { readForm, readIntent } from "~/lib/forms.server";
import { refusalData } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import type { PresenterDeps } from "./attendance.server";
import {
  presentersAdminMessages,
  presentersAdminRefusals,
  remindWaitingPresenters,
  reopenAttendance,
} from "./attendance-admin.server";
import {
  type PresenterDates,
  presenterDatesRefusals,
  savePresenterDates,
} from "./presenter-dates.server";

// The presenters page's buttons: remind the waiting presenters, reopen one answer, move the dates.
// Promoting an alternate is the decisions feature's, and its route handles it before this.

const intents = ["remind", "reopen", "save-dates"] as const;

const presentersForm = z.object({
  submissionId: z
    .string()
    .default("")
    .transform((value) => value.slice(0, 100)),
  confirmBy: z.string().default(""),
  materialsDue: z.string().default(""),
});

export type PresenterDateField = "confirmBy" | "materialsDue";

export async function handlePresentersAdminAction(
  deps: PresenterDeps,
  input: {
    actor: AuditActor;
    edition: Pick<EditionContent, "year" | "abstracts">;
    dates: PresenterDates;
    /** The congratulations page's address, for the reminder (read only when reminding). */
    congratulationsUrl: () => Promise<string>;
  },
  formData: FormData,
) {
  const intent = readIntent(formData, intents);
  const form = readForm(presentersForm, formData);
  if (!form.ok) return data({ message: form.message }, 400);
  const { actor, edition, dates } = input;
  if (intent === "remind") {
    const outcome = await remindWaitingPresenters(deps, {
      editionYear: edition.year,
      dates,
      congratulationsUrl: await input.congratulationsUrl(),
      actor,
    });
    return outcome.ok
      ? { message: presentersAdminMessages.reminded(outcome.value.mailed) }
      : refusalData(presentersAdminRefusals, outcome.reason);
  }
  if (intent === "reopen") {
    const outcome = await reopenAttendance(deps.db, {
      submissionId: form.value.submissionId,
      editionYear: edition.year,
      dates,
      actor,
    });
    return outcome.ok
      ? { message: presentersAdminMessages.reopened(outcome.value.number) }
      : refusalData(presentersAdminRefusals, outcome.reason);
  }
  if (intent === "save-dates") {
    const outcome = await savePresenterDates(deps.db, {
      edition,
      confirmBy: form.value.confirmBy,
      materialsDue: form.value.materialsDue,
      actor,
    });
    if (outcome.ok) return { message: presentersAdminMessages.datesSaved };
    const { status, message } = presenterDatesRefusals[outcome.reason];
    const fieldErrors: Partial<Record<PresenterDateField, string>> = { [outcome.reason]: message };
    return data({ message, fieldErrors }, status);
  }
  return data({ message: "Unknown action." }, 400);
}
