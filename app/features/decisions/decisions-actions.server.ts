import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { data } from "react-router";
import type { EditionContent } from "~/content/sculc/edition-types";
import {
  readCallForAbstracts,
  setCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import type { AuditActor } from "~/lib/audit.server";
import { conferenceLocalTimeToIso, formatConferenceDateTime } from "~/lib/dates";
import type { Database, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { refusalData } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import type { DecisionMailLinks } from "./decision-mail.server";
import { decisionMessages, decisionRefusals } from "./decision-messages";
import { releaseDecisions, stageDecision } from "./decisions.server";
import { prepareReleaseDates } from "./release-dates.server";

/** The decision form's buttons: one per outcome, and undo. */
const stagedDecisions = {
  "accept-talk": { decision: "accepted", acceptedAs: "talk" },
  "accept-poster": { decision: "accepted", acceptedAs: "poster" },
  alternate: { decision: "alternate" },
  reject: { decision: "rejected" },
  undo: { decision: null },
} as const satisfies Record<
  string,
  { decision: SubmissionDecision | null; acceptedAs?: PresentationFormat }
>;

const decisionIntents = [
  ...(Object.keys(stagedDecisions) as (keyof typeof stagedDecisions)[]),
  "release",
  "close-call",
  "open-call",
] as const;

// The fields come as posted: a submission that is not there is the command's refusal, not the form's.
const decisionForm = z.object({ submissionId: z.string().catch(""), note: z.string().catch("") });
const releaseForm = z.object({
  includeReviewComments: z.string().optional(),
  confirmBy: z.string().max(40).optional(),
  materialsDue: z.string().max(40).optional(),
});
const openCallForm = z.object({ closesAt: z.string().trim().catch("") });

export type DecisionsActionDeps = {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Pick<Logger, "error" | "info">;
};

/**
 * The submissions page's buttons: stage or undo a decision, release the staged ones, open or close the
 * call for abstracts. The answer is the page's `{ message }`, with a status when refused. `mailLinks`
 * gives what the decision mails link to (decision-mail-links.server.ts), read only to release.
 */
export async function handleDecisionsAction(
  deps: DecisionsActionDeps,
  input: {
    edition: Pick<EditionContent, "year" | "abstracts">;
    actor: AuditActor;
    mailLinks: () => Promise<Omit<DecisionMailLinks, "editionYear">>;
  },
  formData: FormData,
) {
  const { db } = deps;
  const { actor } = input;
  const editionYear = input.edition.year;
  const intent = readIntent(formData, decisionIntents);
  if (intent === null) return data({ message: decisionMessages.unknownAction }, 400);

  if (intent === "release") {
    const form = readForm(releaseForm, formData);
    const fields = form.ok ? form.value : {};
    const dates = await prepareReleaseDates(db, {
      edition: input.edition,
      confirmBy: fields.confirmBy,
      materialsDue: fields.materialsDue,
      actor,
    });
    if (!dates.ok) {
      // Said in the release form, where the dates are, not at the top of a long page.
      const refusal = decisionRefusals[dates.reason];
      return data({ message: refusal.message, form: "release" as const }, refusal.status);
    }
    const result = await releaseDecisions(deps, {
      editionYear,
      actor,
      links: await input.mailLinks(),
      includeReviewComments: fields.includeReviewComments === "on",
    });
    return {
      message: result.released
        ? decisionMessages.released(result.released, result.authors)
        : decisionMessages.noneToRelease,
    };
  }
  if (intent === "close-call") {
    await setCallForAbstracts(db, { isOpen: false, closesAt: null }, actor);
    return { message: decisionMessages.callClosed };
  }
  if (intent === "open-call") {
    const form = readForm(openCallForm, formData);
    const closesAtInput = form.ok ? form.value.closesAt : "";
    const closesAt = closesAtInput ? conferenceLocalTimeToIso(closesAtInput) : null;
    if (closesAtInput && !closesAt) return refusalData(decisionRefusals, "closesAtInvalid");
    const wasOpen = (await readCallForAbstracts(db)).isOpen;
    await setCallForAbstracts(db, { isOpen: true, closesAt }, actor);
    const closesAtText = closesAt ? formatConferenceDateTime(closesAt) : null;
    // The same button opens a closed call and sets an open call's closing time: say which happened.
    if (!wasOpen)
      return {
        message: closesAtText
          ? decisionMessages.callOpenedUntil(closesAtText)
          : decisionMessages.callOpened,
      };
    return {
      message: closesAtText
        ? decisionMessages.closingTimeSet(closesAtText)
        : decisionMessages.closingTimeCleared,
    };
  }

  const form = readForm(decisionForm, formData);
  const fields = form.ok ? form.value : { submissionId: "", note: "" };
  const outcome = await stageDecision(db, { ...fields, ...stagedDecisions[intent], actor });
  if (!outcome.ok) return refusalData(decisionRefusals, outcome.reason);
  return { message: intent === "undo" ? decisionMessages.undone : decisionMessages.saved };
}
