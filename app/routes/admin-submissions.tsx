import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireAdmin } from "~/features/accounts/session.server";
import {
  compareByMeanMerit,
  type DecisionsQuery,
  decisionSorts,
  matchesReviewFilter,
  reviewFilters,
  submissionFilters,
} from "~/features/decisions/decision-filters";
import { decisionMailLinks } from "~/features/decisions/decision-mail-links.server";
import {
  countStagedDecisions,
  listSubmissionsForAdmin,
} from "~/features/decisions/decisions.server";
import { handleDecisionsAction } from "~/features/decisions/decisions-actions.server";
import { DecisionsAdminPage } from "~/features/decisions/decisions-admin-page";
import { meritDistribution } from "~/features/decisions/merit-distribution";
import { releaseDatesView } from "~/features/decisions/release-dates.server";
import { readWaitingMail } from "~/features/mail-log/mail-log.server";
import { getPresenterDates } from "~/features/presenters/presenter-dates.server";
import { listReviewSummaries } from "~/features/review/committee-reviews.server";
import { listSubmittedReviewsBySubmission } from "~/features/review/review-admin.server";
import { getReviewSettings } from "~/features/review/review-settings.server";
import { describeWarning, parseWarnings } from "~/features/submissions/abstract-checks";
import { readCallForAbstracts } from "~/features/submissions/call-for-abstracts.server";
import { formatLabels } from "~/features/submissions/submission-details";
import { formatConferenceDateTime } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/admin-submissions";

export const meta: Route.MetaFunction = () => accountMeta("Submissions");

// A document: each decision and the release post as the browser's own; a refused release's message
// takes the focus as the answer loads.
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

function readQuery(searchParams: URLSearchParams): DecisionsQuery {
  const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
    values.find((each) => each === value) ?? fallback;
  return {
    status: pick(submissionFilters, searchParams.get("status"), "all"),
    reviews: pick(reviewFilters, searchParams.get("reviews"), "any"),
    sort: pick(decisionSorts, searchParams.get("sort"), "number"),
  };
}

const noReviews = {
  assigned: 0,
  submitted: 0,
  meanMerit: null,
  meritSpread: null,
  isStrongDisagreement: false,
};

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = getDatabase().db;
  const edition = getCurrentEdition();
  const query = readQuery(url.searchParams);
  const settings = await getReviewSettings(db, edition.year);
  const [submissions, stagedCount, call, summaries, reviews, presenterDates, waitingMail] =
    await Promise.all([
      listSubmissionsForAdmin(db, { editionYear: edition.year, filter: query.status }),
      countStagedDecisions(db, edition.year),
      readCallForAbstracts(db),
      listReviewSummaries(db, edition.year),
      listSubmittedReviewsBySubmission(db, edition.year, settings),
      getPresenterDates(db, edition),
      readWaitingMail(db, { kind: "decision" }),
    ]);
  const summaryOf = new Map(summaries.map((summary) => [summary.submissionId, summary]));
  const shown = submissions
    .map((submission) => ({ submission, review: summaryOf.get(submission.id) ?? noReviews }))
    .filter(({ review }) => matchesReviewFilter(review, query.reviews));
  if (query.sort === "merit")
    shown.sort((a, b) =>
      compareByMeanMerit(
        { number: a.submission.number, meanMerit: a.review.meanMerit },
        { number: b.submission.number, meanMerit: b.review.meanMerit },
      ),
    );
  const meritValues = settings.meritScale.map((point) => point.value);
  return {
    editionName: editionName(edition.year),
    query,
    stagedCount,
    waitingDecisionMail: waitingMail,
    releaseDates: presenterDates ? releaseDatesView(presenterDates) : null,
    call: {
      isOpen: call.isOpen,
      closesAtText: call.closesAt ? formatConferenceDateTime(call.closesAt) : null,
    },
    // Across every abstract of the edition, whatever the filter shows.
    distribution: meritDistribution(
      summaries.map((summary) => summary.meanMerit),
      { min: Math.min(...meritValues), max: Math.max(...meritValues) },
    ),
    submissions: shown.map(({ submission, review }) => ({
      id: submission.id,
      number: submission.number,
      review: {
        assigned: review.assigned,
        submitted: review.submitted,
        meanMerit: review.meanMerit,
        meritSpread: review.meritSpread,
        isStrongDisagreement: review.isStrongDisagreement,
        reviews: (reviews.get(submission.id) ?? []).map((each) => ({
          ...each,
          submittedAtText: each.submittedAt ? formatConferenceDateTime(each.submittedAt) : "",
        })),
      },
      authorName: submission.authorName,
      email: submission.email,
      fileName: submission.fileName,
      title: submission.title,
      formatLabel: formatLabels[submission.preferredFormat] ?? submission.preferredFormat,
      authors: submission.authors,
      uploadedAtText: formatConferenceDateTime(submission.uploadedAt),
      wordCount: submission.wordCount,
      warnings: parseWarnings(submission.warnings).map((warning) =>
        describeWarning(warning, submission.wordCount),
      ),
      decision: submission.decision,
      acceptedAs: submission.acceptedAs,
      decisionNote: submission.decisionNote,
      isReleased: submission.releasedAt !== null,
    })),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const db = getDatabase().db;
  const edition = getCurrentEdition();
  return handleDecisionsAction(
    { db, mailer: getMailer(), logger: getLogger() },
    {
      edition,
      actor: { userId: admin.id, label: admin.email },
      mailLinks: () => decisionMailLinks(db, edition),
    },
    await request.formData(),
  );
}

export default function AdminSubmissions({ loaderData, actionData }: Route.ComponentProps) {
  const releaseMessage = actionData && "form" in actionData ? actionData.message : null;
  return (
    <DecisionsAdminPage
      {...loaderData}
      message={releaseMessage ? null : actionData?.message}
      releaseMessage={releaseMessage}
    />
  );
}
