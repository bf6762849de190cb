import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { data, redirect } from "react-router";
import type { AuditActor } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { z } from "~/lib/zod.server";
import { queueAssignmentMail } from "./assignment-mail.server";
import { assignReviewer, unassignReviewer } from "./assignments.server";
import { autoAssign, maxReviewersPerAbstract } from "./auto-assign.server";
import { resolveLikelyConflict } from "./conflict-resolutions.server";
import {
  readReviewSettingsForm,
  type TypedReviewSettings,
  typedReviewSettings,
} from "./review-admin.server";
import type { AutoAssignSummaryView } from "./review-admin-page";
import {
  assignRefusals,
  refusalAnswer,
  reminderAnswer,
  resolveConflictRefusals,
  reviewMessages,
  saveSettingsRefusals,
  unassignRefusals,
} from "./review-messages";
import { reviewPaths } from "./review-paths";
import { remindReviewers } from "./review-reminders.server";
import { getReviewSettings, saveReviewSettings } from "./review-settings.server";

const intents = [
  "save-settings",
  "auto-assign",
  "assign",
  "unassign",
  "remind",
  "confirm-conflict",
  "dismiss-conflict",
] as const;

export type ReviewAdminActionResult = {
  message: string;
  fieldErrors?: Record<string, string>;
  summary?: AutoAssignSummaryView;
  /**
   * What a refused form was sent with, to draw it again: the page is a document, so the browser
   * keeps nothing of a post.
   */
  typed?: { settings?: TypedReviewSettings; perAbstract?: string };
};

/** A text field the form may leave out, read as "" (the command answers an unknown id). */
const idField = z
  .string()
  .optional()
  .transform((value) => value ?? "");

const autoAssignForm = z.object({
  perAbstract: idField.pipe(
    z.coerce
      .number<string>("Enter how many reviewers each abstract should have.")
      .int("Enter a whole number of reviewers per abstract.")
      .min(1, "Each abstract needs at least one reviewer.")
      .max(
        maxReviewersPerAbstract,
        `At most ${maxReviewersPerAbstract} reviewers per abstract can be assigned automatically.`,
      ),
  ),
});

const assignForm = z.object({ submissionId: idField, reviewerId: idField });

const unassignForm = z.object({ assignmentId: idField });

/**
 * The admins' review page's action: the settings, the automatic assignment, assigning and
 * unassigning by hand, answering likely conflicts, and reminding the reviewers with unfinished reviews.
 */
export async function handleReviewAdminAction(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: { actor: AuditActor; editionYear: number; reviewUrl: string },
  formData: FormData,
) {
  return data(...(await act(deps, input, formData)));
}

async function act(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  { actor, editionYear, reviewUrl }: { actor: AuditActor; editionYear: number; reviewUrl: string },
  formData: FormData,
): Promise<[ReviewAdminActionResult, number]> {
  const { db } = deps;
  const intent = readIntent(formData, intents);

  if (intent === "save-settings") {
    const typed = { settings: typedReviewSettings(formData) };
    const form = readReviewSettingsForm(formData);
    if (!form.ok) return [{ message: form.message, fieldErrors: form.fieldErrors, typed }, 400];
    const saved = await saveReviewSettings(db, editionYear, form.value, actor);
    if (!saved.ok) {
      const [answer, status] = refusalAnswer(saveSettingsRefusals, saved);
      return [{ ...answer, typed }, status];
    }
    return [{ message: reviewMessages.settingsSaved }, 200];
  }
  if (intent === "auto-assign") {
    const form = readForm(autoAssignForm, formData);
    if (!form.ok) {
      const perAbstract = formData.get("perAbstract");
      return [
        {
          message: form.message,
          typed: { perAbstract: typeof perAbstract === "string" ? perAbstract : "" },
        },
        400,
      ];
    }
    const summary = await autoAssign(db, editionYear, form.value.perAbstract, actor, (trx, pairs) =>
      queueAssignmentMail(
        { db: trx, mailer: deps.mailer },
        { editionYear, reviewUrl, assignments: pairs },
      ).then(() => {}),
    );
    if (summary.pairs.length) deps.mailer.wake();
    return [
      {
        message: reviewMessages.autoAssigned(summary.created),
        summary: {
          perAbstract: summary.perAbstract,
          created: summary.created,
          shortfalls: summary.shortfalls,
          loads: summary.loads.map(({ email, count }) => ({ email, count })),
        },
      },
      200,
    ];
  }
  if (intent === "assign") {
    const form = readForm(assignForm, formData);
    if (!form.ok) return [{ message: form.message }, 400];
    const outcome = await assignReviewer(db, {
      editionYear,
      ...form.value,
      actor,
      alsoInTransaction: (trx, { number }) =>
        queueAssignmentMail(
          { db: trx, mailer: deps.mailer },
          { editionYear, reviewUrl, assignments: [{ number, reviewerId: form.value.reviewerId }] },
        ).then(() => {}),
    });
    if (!outcome.ok) return refusalAnswer(assignRefusals, outcome);
    deps.mailer.wake();
    return [{ message: reviewMessages.assigned(outcome.value.number) }, 200];
  }
  if (intent === "unassign") {
    const form = readForm(unassignForm, formData);
    if (!form.ok) return [{ message: form.message }, 400];
    const outcome = await unassignReviewer(db, { assignmentId: form.value.assignmentId, actor });
    if (!outcome.ok) return refusalAnswer(unassignRefusals, outcome);
    return [{ message: reviewMessages.unassigned(outcome.value.number) }, 200];
  }
  if (intent === "confirm-conflict" || intent === "dismiss-conflict") {
    const form = readForm(assignForm, formData);
    if (!form.ok) return [{ message: form.message }, 400];
    const outcome = await resolveLikelyConflict(db, {
      editionYear,
      ...form.value,
      resolution: intent === "confirm-conflict" ? "confirmed" : "dismissed",
      actor,
    });
    if (!outcome.ok) return refusalAnswer(resolveConflictRefusals, outcome);
    const { number } = outcome.value;
    return [
      {
        message:
          intent === "confirm-conflict"
            ? reviewMessages.conflictConfirmed(number, outcome.value)
            : reviewMessages.conflictDismissed(number),
      },
      200,
    ];
  }
  if (intent === "remind") {
    const reminded = await remindReviewers(deps, {
      editionYear,
      actor,
      reviewUrl,
      settings: await getReviewSettings(db, editionYear),
    });
    // Reminders mail every reviewer again if posted twice, so the answer is a redirect to the page,
    // which reads the run from its audit entry: a reload reads, it does not post.
    if (reminded.value.auditId) {
      throw redirect(`${reviewPaths.admin}?reminded=${reminded.value.auditId}`);
    }
    return reminderAnswer(reminded.value);
  }
  return [{ message: reviewMessages.unknownAction }, 400];
}
