import { data, redirect } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { formatText } from "~/features/decisions/decision-mail.server";
import {
  answerAttendance,
  answerMessages,
  listOwnAcceptedAbstracts,
  mailAdminsAboutDecline,
} from "~/features/presenters/attendance.server";
import {
  type AcceptedAbstractView,
  CongratulationsPage,
} from "~/features/presenters/congratulations-page";
import { loadFinalMaterialsSection } from "~/features/presenters/final-materials.server";
import { FinalMaterialsSection } from "~/features/presenters/final-materials-section";
import { getPresenterDates } from "~/features/presenters/presenter-dates.server";
import { presentersAdminPath } from "~/features/presenters/presenter-paths";
import { notFound } from "~/features/review/review-access.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { formatConferenceDateTime } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import type { Route } from "./+types/congratulations";

export const meta: Route.MetaFunction = () => accountMeta("Congratulations");

const sessionTexts = {
  talk: "Presentation session",
  poster: "Poster session",
} as const;

/** The edition's acceptance content and dates; without them the page has nothing to say. */
async function loadPresenterContext() {
  const edition = getCurrentEdition();
  const db = getSubmissionDependencies().db;
  const dates = edition.abstracts ? await getPresenterDates(db, edition) : null;
  return { edition, db, dates, abstracts: edition.abstracts };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const { edition, db, dates, abstracts } = await loadPresenterContext();
  if (!abstracts || !dates) throw redirect(submissionPaths.status);
  // Alternates are not here until promoted: only released acceptances count.
  const accepted = await listOwnAcceptedAbstracts(db, {
    userId: user.id,
    editionYear: edition.year,
    dates,
  });
  if (!accepted.length) throw redirect(submissionPaths.status);
  return {
    editionName: editionName(edition.year),
    acceptance: abstracts.acceptance,
    talk: abstracts.talk,
    confirmByText: dates.confirmByText,
    materialsDueText: dates.materialsDueText,
    accepted: accepted.map(
      (abstract): AcceptedAbstractView => ({
        id: abstract.id,
        label: titleOrFileName(abstract),
        fileName: abstract.fileName,
        formatText: formatText(abstract.acceptedAs, abstracts.talk),
        sessionText: abstract.acceptedAs ? sessionTexts[abstract.acceptedAs] : "To be announced",
        attendance: abstract.attendance,
        attendanceAtText: abstract.attendanceAt
          ? formatConferenceDateTime(abstract.attendanceAt)
          : null,
        window: abstract.window,
      }),
    ),
    finalMaterials: await loadFinalMaterialsSection(db, {
      userId: user.id,
      edition,
      url,
      maxUploadBytes: getEnv().maxUploadBytes,
    }),
  };
}

type ActionData = {
  notice: { kind: "success" | "error"; text: string } | null;
  confirmDecline: { id: string; label: string } | null;
};

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const form = await request.formData();
  const intent = form.get("intent");
  const submissionId = String(form.get("submissionId") ?? "").slice(0, 100);
  const { edition, db, dates } = await loadPresenterContext();
  const refuse = (status: number, text: string) => {
    // Someone else's abstract, or one not accepted: thrown, so this page's loader (which sends anyone
    // without an acceptance to the status page) does not turn the 404 into a redirect.
    if (status === 404) throw notFound();
    return data<ActionData>({ notice: { kind: "error", text }, confirmDecline: null }, status);
  };
  if (!dates) return refuse(404, answerMessages.notFound);

  if (intent === "ask-decline") {
    const own = (
      await listOwnAcceptedAbstracts(db, { userId: user.id, editionYear: edition.year, dates })
    ).find((abstract) => abstract.id === submissionId);
    if (!own) return refuse(404, answerMessages.notFound);
    if (own.window === "closed") return refuse(409, answerMessages.closed);
    return data<ActionData>({
      notice: null,
      confirmDecline: { id: own.id, label: titleOrFileName(own) },
    });
  }
  if (intent !== "confirm" && intent !== "decline") return refuse(400, "Unknown action.");

  const outcome = await answerAttendance(db, {
    userId: user.id,
    submissionId,
    answer: intent === "confirm" ? "confirmed" : "declined",
    dates,
  });
  if (!outcome.ok) return refuse(outcome.status, outcome.message);
  if (intent === "decline" && outcome.changed) {
    const env = getEnv();
    await mailAdminsAboutDecline(
      { db, mailer: getMailer(), logger: getLogger() },
      {
        configuredAdminEmails: env.adminEmails,
        number: outcome.abstract.number,
        label: outcome.abstract.label,
        presenterEmail: user.email,
        presentersUrl: new URL(presentersAdminPath, env.baseUrl).toString(),
      },
    );
  }
  return data<ActionData>({
    notice: {
      kind: "success",
      text:
        intent === "confirm"
          ? `Thank you: your attendance for “${outcome.abstract.label}” is confirmed.`
          : `Your answer was saved: you will not present “${outcome.abstract.label}”. The organizers have been told.`,
    },
    confirmDecline: null,
  });
}

export default function Congratulations({ loaderData, actionData }: Route.ComponentProps) {
  const { finalMaterials, ...page } = loaderData;
  return (
    <CongratulationsPage
      {...page}
      notice={actionData?.notice}
      confirmDecline={actionData?.confirmDecline}
      finalMaterials={finalMaterials ? <FinalMaterialsSection {...finalMaterials} /> : null}
    />
  );
}
