import { data } from "react-router";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { readForm, readIntent } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import {
  type AnswerRefusal,
  answerAttendance,
  attendanceRefusals,
  listOwnAcceptedAbstracts,
  type PresenterDeps,
} from "./attendance.server";
import { mailAdminsAboutAnswers } from "./attendance-mail.server";
import type { PresenterDates } from "./presenter-dates.server";

// The congratulations page's buttons: confirm, ask to decline (the confirmation step, which works
// without JavaScript), and decline.

const intents = ["ask-decline", "confirm", "decline"] as const;

const answerForm = z.object({
  submissionId: z
    .string()
    .default("")
    .transform((value) => value.slice(0, 100)),
});

type ActionData = {
  notice: { kind: "success" | "error"; text: string } | null;
  confirmDecline: { id: string; label: string } | null;
};

export const congratulationsMessages = {
  unknown: "Unknown action.",
  confirmed: (label: string) => `Thank you: your attendance for “${label}” is confirmed.`,
  declined: (label: string) =>
    `Your answer was saved: you will not present “${label}”. The organizers have been told.`,
} as const;

export async function handleCongratulationsAction(
  deps: PresenterDeps & {
    /** The site's 404 page, thrown for someone else's abstract or one not accepted. */
    notFound: () => Response;
  },
  input: {
    user: { id: string; email: string };
    editionYear: number;
    dates: PresenterDates | null;
    configuredAdminEmails: readonly string[];
    presentersUrl: string;
  },
  formData: FormData,
) {
  const refuse = (status: number, text: string) => {
    // Thrown, so this page's loader (which sends anyone without an acceptance to the status page)
    // does not turn the 404 into a redirect.
    if (status === 404) throw deps.notFound();
    return data<ActionData>({ notice: { kind: "error", text }, confirmDecline: null }, status);
  };
  const refuseFor = (reason: AnswerRefusal) =>
    refuse(attendanceRefusals[reason].status, attendanceRefusals[reason].message);
  const { user, dates } = input;
  if (!dates) return refuseFor("not-found");
  const intent = readIntent(formData, intents);
  const form = readForm(answerForm, formData);
  const submissionId = form.ok ? form.value.submissionId : "";

  if (intent === "ask-decline") {
    const own = (
      await listOwnAcceptedAbstracts(deps.db, {
        userId: user.id,
        editionYear: input.editionYear,
        dates,
      })
    ).find((abstract) => abstract.id === submissionId);
    if (!own) return refuseFor("not-found");
    if (own.window === "closed") return refuseFor("closed");
    return data<ActionData>({
      notice: null,
      confirmDecline: { id: own.id, label: titleOrFileName(own) },
    });
  }
  if (intent !== "confirm" && intent !== "decline")
    return refuse(400, congratulationsMessages.unknown);

  const outcome = await answerAttendance(deps.db, {
    userId: user.id,
    submissionId,
    answer: intent === "confirm" ? "confirmed" : "declined",
    dates,
  });
  if (!outcome.ok) return refuseFor(outcome.reason);
  const { abstract, changed } = outcome.value;
  // At most one mail an hour per abstract, the latest answer folded in (attendance-mail.server.ts).
  if (changed) {
    await mailAdminsAboutAnswers(deps, {
      configuredAdminEmails: input.configuredAdminEmails,
      presentersUrl: input.presentersUrl,
    });
  }
  return data<ActionData>({
    notice: {
      kind: "success",
      text:
        intent === "confirm"
          ? congratulationsMessages.confirmed(abstract.label)
          : congratulationsMessages.declined(abstract.label),
    },
    confirmDecline: null,
  });
}
