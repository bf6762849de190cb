import { redirect } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { formatText } from "~/features/decisions/decision-mail.server";
import { listOwnAcceptedAbstracts } from "~/features/presenters/attendance.server";
import { handleCongratulationsAction } from "~/features/presenters/congratulations-actions.server";
import {
  type AcceptedAbstractView,
  CongratulationsPage,
} from "~/features/presenters/congratulations-page";
import congratulationsScriptUrl from "~/features/presenters/congratulations-script.ts?worker&url";
import { loadFinalMaterialsSection } from "~/features/presenters/final-materials.server";
import { FinalMaterialsSection } from "~/features/presenters/final-materials-section";
import { getPresenterDates, isBefore } from "~/features/presenters/presenter-dates.server";
import { presentersAdminPath } from "~/features/presenters/presenter-paths";
import { loadPresenterSlots } from "~/features/program/presenter-slots.server";
import { notFound } from "~/features/review/review-access.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { titleOrFileName } from "~/features/submissions/submission-details";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { formatConferenceDateTime } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/congratulations";

export const meta: Route.MetaFunction = () => accountMeta("Congratulations");

// A document: its forms are the browser's own, and its own script sends a final material with a
// progress bar. Answering again is safe to repeat (the same answer changes nothing and mails nobody),
// so its answers are pages, not redirects.
export const handle = documentPageHandleWithScript(congratulationsScriptUrl);
export const clientLoader = openAsDocument;

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
  const slots = await loadPresenterSlots(
    db,
    edition,
    accepted.map((abstract) => abstract.id),
  );
  return {
    editionName: editionName(edition.year),
    acceptance: abstracts.acceptance,
    talk: abstracts.talk,
    confirmByText: dates.confirmByText,
    materialsDueText: dates.materialsDueText,
    materialsOpen: isBefore(dates.materialsDue),
    accepted: accepted.map(
      (abstract): AcceptedAbstractView => ({
        id: abstract.id,
        label: titleOrFileName(abstract),
        fileName: abstract.fileName,
        formatText: formatText(abstract.acceptedAs, abstracts.talk),
        sessionText: abstract.acceptedAs ? sessionTexts[abstract.acceptedAs] : "To be announced",
        slots: slots ? (slots.get(abstract.id) ?? []) : null,
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

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const { edition, db, dates } = await loadPresenterContext();
  const env = getEnv();
  return handleCongratulationsAction(
    { db, mailer: getMailer(), logger: getLogger(), notFound },
    {
      user,
      editionYear: edition.year,
      dates,
      configuredAdminEmails: env.adminEmails,
      presentersUrl: new URL(presentersAdminPath, env.baseUrl).toString(),
    },
    await request.formData(),
  );
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
