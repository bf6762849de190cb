import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { pdfGate } from "~/features/review/conflict-declarations.server";
import {
  handleReviewAbstractAction,
  savedNotice,
} from "~/features/review/review-abstract-actions.server";
import {
  ReviewAbstractPage,
  type ReviewAbstractView,
} from "~/features/review/review-abstract-page";
import { notFound, requireReviewerRole } from "~/features/review/review-access.server";
import { reviewMessages } from "~/features/review/review-messages";
import { parseAbstractNumber, reviewPaths } from "~/features/review/review-paths";
import type { Notice } from "~/features/review/review-queue-page";
import { maxCommentLength } from "~/features/review/review-settings";
import { getReviewForReviewer, listReviewQueue } from "~/features/review/reviewer-reviews.server";
import { abstractWordLimit, parseWarnings } from "~/features/submissions/abstract-checks";
import { formatConferenceDateTime, formatConferenceDeadline } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/review-abstract";

export const meta: Route.MetaFunction = ({ params }) => accountMeta(`Abstract ${params.number}`);

// A document without framework JavaScript: the review form posts as the browser's own (app/root.tsx),
// a save redirects back here with `?saved=` (a reload reads the page, it does not post again), and
// every other answer draws the form again as it was sent (the action's `values`).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

/** The reviewer's guard and the abstract's number, for the loader and the action alike. */
async function requireAssignedNumber(args: Pick<Route.LoaderArgs, "context" | "url" | "params">) {
  const user = requireProfile(args.context, args.url);
  const { db } = getDatabase();
  requireReviewerRole(user);
  const number = parseAbstractNumber(args.params.number);
  if (number === null) throw notFound();
  return { user, db, number, editionYear: getCurrentEdition().year };
}

export async function loader(args: Route.LoaderArgs) {
  const { user, db, number, editionYear } = await requireAssignedNumber(args);
  const review = await getReviewForReviewer(db, { reviewerId: user.id, editionYear, number });
  if (!review) throw notFound();
  const gate = await pdfGate(db, { reviewerId: user.id, editionYear, number });
  const view: ReviewAbstractView = {
    number: review.number,
    title: review.title,
    pageCount: review.pageCount,
    wordCount: review.wordCount,
    // Which detail was found, and where, is the author's and the admins' to read: one line says it all.
    warningTexts: [
      ...new Set(
        parseWarnings(review.warnings).map((warning) =>
          warning === "over-word-limit"
            ? `About ${review.wordCount} words: over the guidelines’ limit of ${abstractWordLimit} words (references not counted).`
            : "The author’s name may appear in the text or in the file’s properties: please check whether the abstract is anonymous, and tell the committee in your comments if it is not.",
        ),
      ),
    ],
    status: review.status,
    ownReview: review.ownReview
      ? {
          ...review.ownReview,
          updatedAtText: formatConferenceDateTime(review.ownReview.updatedAt),
          submittedAtText: review.ownReview.submittedAt
            ? formatConferenceDateTime(review.ownReview.submittedAt)
            : null,
        }
      : null,
    canEdit: review.canEdit,
    deadlineText: review.closesAt ? formatConferenceDeadline(review.closesAt) : null,
    meritScale: review.meritScale,
    confidenceScale: review.confidenceScale,
    others: review.others.isVisible
      ? {
          isVisible: true,
          reviews: review.others.reviews.map((other) => ({
            label: other.label,
            merit: other.merit,
            meritLabel: other.meritLabel,
            confidence: other.confidence,
            confidenceLabel: other.confidenceLabel,
            commentsToAuthors: other.commentsToAuthors,
            commentsToCommittee: other.commentsToCommittee,
          })),
        }
      : review.others,
    hasDeclaredNoConflict: gate === "declared",
  };
  const notice =
    savedNotice(args.url.searchParams.get("saved"), review.status) ??
    (await submittedNotice(args.url, db, user.id, editionYear));
  return { view, notice };
}

/** After "Submit and next": the review just left behind was saved (checked: the address is typable). */
async function submittedNotice(
  url: URL,
  db: ReturnType<typeof getDatabase>["db"],
  reviewerId: string,
  editionYear: number,
): Promise<Notice | null> {
  const previous = parseAbstractNumber(url.searchParams.get("submitted") ?? undefined);
  if (previous === null) return null;
  const queue = await listReviewQueue(db, reviewerId, editionYear);
  const left = queue.find((entry) => entry.number === previous);
  return left?.status === "submitted"
    ? { kind: "success", text: reviewMessages.submittedThenNext(previous) }
    : null;
}

export async function action(args: Route.ActionArgs) {
  const { user, db, number, editionYear } = await requireAssignedNumber(args);
  const env = getEnv();
  return handleReviewAbstractAction(
    { db, mailer: getMailer(), logger: getLogger() },
    {
      reviewerId: user.id,
      editionYear,
      number,
      configuredAdminEmails: env.adminEmails,
      reviewAdminUrl: new URL(reviewPaths.admin, env.baseUrl).toString(),
    },
    await args.request.formData(),
  );
}

export default function ReviewAbstract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewAbstractPage
      view={loaderData.view}
      notice={actionData?.notice ?? loaderData.notice}
      values={actionData?.values ?? null}
      isConfirmingConflict={actionData?.isConfirmingConflict ?? false}
      maxCommentLength={maxCommentLength}
    />
  );
}
