import { data } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  assignReviewer,
  autoAssign,
  maxReviewersPerAbstract,
  unassignReviewer,
} from "~/features/review/assignments.server";
import {
  formatScale,
  listAssignmentOverview,
  readReviewSettingsForm,
  remindReviewers,
} from "~/features/review/review-admin.server";
import { type AutoAssignSummaryView, ReviewAdminPage } from "~/features/review/review-admin-page";
import {
  getReviewSettings,
  isReviewPeriodOpen,
  saveReviewSettings,
} from "~/features/review/review-settings.server";
import { formatConferenceDateTime, isoToConferenceLocalTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { z } from "~/lib/zod.server";
import type { Route } from "./+types/admin-review";

export const meta: Route.MetaFunction = () => accountMeta("Review");

const defaultPerAbstract = 2;

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = getDatabase().db;
  const edition = getCurrentEdition();
  const [settings, overview] = await Promise.all([
    getReviewSettings(db, edition.year),
    listAssignmentOverview(db, edition.year),
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
  };
}

const perAbstractSchema = z.coerce
  .number("Enter how many reviewers each abstract should have.")
  .int("Enter a whole number of reviewers per abstract.")
  .min(1, "Each abstract needs at least one reviewer.")
  .max(
    maxReviewersPerAbstract,
    `At most ${maxReviewersPerAbstract} reviewers per abstract can be assigned automatically.`,
  );

type ActionResult = {
  message: string;
  fieldErrors?: Record<string, string>;
  summary?: AutoAssignSummaryView;
};

export async function action({ request, context, url }: Route.ActionArgs) {
  return data(...(await act({ request, context, url })));
}

async function act({
  request,
  context,
  url,
}: Pick<Route.ActionArgs, "request" | "context" | "url">): Promise<[ActionResult, number]> {
  const admin = requireAdmin(context, url);
  const actor = { userId: admin.id, label: admin.email };
  const db = getDatabase().db;
  const editionYear = getCurrentEdition().year;
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "save-settings") {
    const parsed = readReviewSettingsForm(form);
    if (!parsed.ok) return [{ message: parsed.message, fieldErrors: parsed.fieldErrors }, 400];
    const saved = await saveReviewSettings(db, editionYear, parsed.value, actor);
    if (!saved.ok) return [{ message: saved.message }, 400];
    return [{ message: "The review settings were saved successfully." }, 200];
  }
  if (intent === "auto-assign") {
    const perAbstract = perAbstractSchema.safeParse(form.get("perAbstract") ?? "");
    if (!perAbstract.success)
      return [{ message: perAbstract.error.issues[0]?.message ?? "Invalid number." }, 400];
    const summary = await autoAssign(db, editionYear, perAbstract.data, actor);
    return [
      {
        message: `Automatic assignment finished successfully: ${summary.created} ${summary.created === 1 ? "assignment" : "assignments"} added.`,
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
    const outcome = await assignReviewer(db, {
      editionYear,
      submissionId: String(form.get("submissionId") ?? ""),
      reviewerId: String(form.get("reviewerId") ?? ""),
      actor,
    });
    if (!outcome.ok) return [{ message: outcome.message }, 409];
    return [
      { message: `The reviewer was assigned to abstract ${outcome.number} successfully.` },
      200,
    ];
  }
  if (intent === "unassign") {
    const outcome = await unassignReviewer(db, {
      assignmentId: String(form.get("assignmentId") ?? ""),
      actor,
    });
    if (!outcome.ok) return [{ message: outcome.message }, 409];
    return [
      { message: `The reviewer was unassigned from abstract ${outcome.number} successfully.` },
      200,
    ];
  }
  if (intent === "remind") {
    const outcome = await remindReviewers(
      { db, mailer: getMailer(), logger: getLogger() },
      {
        editionYear,
        actor,
        reviewUrl: `${getEnv().baseUrl}/review`,
        settings: await getReviewSettings(db, editionYear),
      },
    );
    if (!outcome.reviewers) return [{ message: "No reviewer has an unfinished review." }, 200];
    const sent = outcome.reviewers - outcome.failed;
    return [
      {
        message: outcome.failed
          ? `Reminded ${sent} of ${outcome.reviewers} reviewers; ${outcome.failed} ${outcome.failed === 1 ? "email" : "emails"} could not be sent. Please try again later.`
          : `Reminders sent successfully to ${sent} ${sent === 1 ? "reviewer" : "reviewers"} about ${outcome.reviews} unfinished ${outcome.reviews === 1 ? "review" : "reviews"}.`,
      },
      outcome.failed ? 502 : 200,
    ];
  }
  return [{ message: "Unknown action." }, 400];
}

export default function AdminReview({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewAdminPage
      {...loaderData}
      message={actionData?.message}
      fieldErrors={actionData?.fieldErrors}
      summary={actionData?.summary}
    />
  );
}
