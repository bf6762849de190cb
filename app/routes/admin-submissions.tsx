import { data } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { type SubmissionFilter, submissionFilters } from "~/features/admin/decision-filters";
import {
  countStagedDecisions,
  listSubmissionsForAdmin,
  releaseDecisions,
  stageDecision,
} from "~/features/admin/decisions.server";
import { SubmissionsAdminPage } from "~/features/admin/submissions-admin-page";
import { describeWarning, parseWarnings } from "~/features/submissions/abstract-checks";
import {
  readCallForAbstracts,
  setCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { conferenceLocalTimeToIso, formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import type { Route } from "./+types/admin-submissions";

export const meta: Route.MetaFunction = () => accountMeta("Submissions");

function readFilter(value: string | null): SubmissionFilter {
  return submissionFilters.find((filter) => filter === value) ?? "all";
}

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = getDatabase().db;
  const edition = getCurrentEdition();
  const filter = readFilter(url.searchParams.get("status"));
  const [submissions, stagedCount, call] = await Promise.all([
    listSubmissionsForAdmin(db, { editionYear: edition.year, filter }),
    countStagedDecisions(db, edition.year),
    readCallForAbstracts(db),
  ]);
  return {
    editionName: editionName(edition.year),
    filter,
    stagedCount,
    call: {
      isOpen: call.isOpen,
      closesAtText: call.closesAt ? formatConferenceDateTime(call.closesAt) : null,
    },
    submissions: submissions.map((submission) => ({
      id: submission.id,
      authorName: submission.authorName,
      email: submission.email,
      fileName: submission.fileName,
      uploadedAtText: formatConferenceDateTime(submission.uploadedAt),
      wordCount: submission.wordCount,
      warnings: parseWarnings(submission.warnings).map((warning) =>
        describeWarning(warning, submission.wordCount),
      ),
      decision: submission.decision,
      decisionNote: submission.decisionNote,
      isReleased: submission.releasedAt !== null,
    })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const actor = { userId: admin.id, label: admin.email };
  const db = getDatabase().db;
  const form = await request.formData();
  const intent = form.get("intent");
  const submissionId = String(form.get("submissionId") ?? "");

  if (intent === "accept" || intent === "reject" || intent === "undo") {
    const outcome = await stageDecision(db, {
      submissionId,
      decision: intent === "accept" ? "accepted" : intent === "reject" ? "rejected" : null,
      note: String(form.get("note") ?? ""),
      actor,
    });
    return outcome.ok
      ? {
          message:
            intent === "undo"
              ? "Decision undone successfully."
              : "Decision saved successfully; release it when ready.",
        }
      : data({ message: outcome.message }, 409);
  }
  if (intent === "release") {
    const { baseUrl } = getEnv();
    const result = await releaseDecisions(
      { db, mailer: getMailer(), logger: getLogger() },
      {
        editionYear: getCurrentEdition().year,
        actor,
        statusUrl: `${baseUrl}${submissionPaths.status}`,
        congratulationsUrl: `${baseUrl}${submissionPaths.congratulations}`,
      },
    );
    return {
      message: result.released
        ? `Released ${result.released} ${result.released === 1 ? "decision" : "decisions"} successfully and emailed ${result.authors} ${result.authors === 1 ? "author" : "authors"}.`
        : "There were no decisions to release.",
    };
  }
  if (intent === "close-call") {
    await setCallForAbstracts(db, { isOpen: false, closesAt: null }, actor);
    return { message: "The call for abstracts was closed successfully." };
  }
  if (intent === "open-call") {
    const closesAtInput = String(form.get("closesAt") ?? "").trim();
    const closesAt = closesAtInput ? conferenceLocalTimeToIso(closesAtInput) : null;
    if (closesAtInput && !closesAt)
      return data({ message: "Please enter the closing time as a date and time." }, 400);
    await setCallForAbstracts(db, { isOpen: true, closesAt }, actor);
    return { message: "The call for abstracts was opened successfully." };
  }
  return data({ message: "Unknown action." }, 400);
}

export default function AdminSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  return <SubmissionsAdminPage {...loaderData} message={actionData?.message} />;
}
