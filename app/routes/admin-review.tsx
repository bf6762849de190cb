import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import { formatScale, listAssignmentOverview } from "~/features/review/review-admin.server";
import { handleReviewAdminAction } from "~/features/review/review-admin-actions.server";
import { ReviewAdminPage } from "~/features/review/review-admin-page";
import { reminderAnswer } from "~/features/review/review-messages";
import { remindersRecorded } from "~/features/review/review-reminders.server";
import { isReviewPeriodOpen } from "~/features/review/review-settings";
import { getReviewSettings } from "~/features/review/review-settings.server";
import { formatConferenceDateTime, isoToConferenceLocalTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-review";

export const meta: Route.MetaFunction = () => accountMeta("Review");

// A page that lists and posts: a document without framework JavaScript (app/root.tsx). A refused form
// comes back as it was sent (the action's `typed`).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

const defaultPerAbstract = 2;

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  const db = getDatabase().db;
  const edition = getCurrentEdition();
  const reminded = url.searchParams.get("reminded");
  const [settings, overview, reminders] = await Promise.all([
    getReviewSettings(db, edition.year),
    listAssignmentOverview(db, edition.year),
    reminded ? remindersRecorded(db, { auditId: reminded, actorUserId: admin.id }) : null,
  ]);
  const unfinished = overview.abstracts.flatMap((abstract) =>
    abstract.assignments.filter((assignment) => assignment.status !== "submitted"),
  );
  return {
    editionName: editionName(edition.year),
    settings: {
      isOpen: settings.isOpen,
      isPeriodOpen: isReviewPeriodOpen(settings),
      closesAtLocal: settings.closesAt ? isoToConferenceLocalTime(settings.closesAt) : "",
      closesAtText: settings.closesAt ? formatConferenceDateTime(settings.closesAt) : null,
      othersVisibility: settings.othersVisibility,
      canSelfAssign: settings.canSelfAssign,
      meritScaleText: formatScale(settings.meritScale),
      confidenceScaleText: formatScale(settings.confidenceScale),
    },
    reviewerCount: overview.reviewers.length,
    // Revoked reviewers keep only submitted reviews, so every unfinished assignment is a reviewer's.
    unfinished: {
      reviewers: new Set(unfinished.map((assignment) => assignment.id)).size,
      reviews: unfinished.length,
    },
    abstracts: overview.abstracts,
    defaultPerAbstract,
    // After "Send reminders": what the run sent, read from its audit entry.
    notice: reminders ? reminderAnswer(reminders)[0].message : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  return handleReviewAdminAction(
    { db: getDatabase().db, mailer: getMailer(), logger: getLogger() },
    {
      actor: { userId: admin.id, label: admin.email },
      editionYear: getCurrentEdition().year,
      reviewUrl: `${getEnv().baseUrl}/review`,
    },
    await request.formData(),
  );
}

export default function AdminReview({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewAdminPage
      {...loaderData}
      message={actionData?.message ?? loaderData.notice}
      fieldErrors={actionData?.fieldErrors}
      summary={actionData?.summary}
      typed={actionData?.typed}
    />
  );
}
