import { data, redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { declareConflict } from "~/features/review/assignments.server";
import {
  ReviewAbstractPage,
  type ReviewAbstractView,
  type ReviewValues,
} from "~/features/review/review-abstract-page";
import { notFound, requireReviewerRole } from "~/features/review/review-access.server";
import { mailAdminsAboutConflict } from "~/features/review/review-mail.server";
import { parseAbstractNumber, reviewPaths } from "~/features/review/review-paths";
import type { Notice } from "~/features/review/review-queue-page";
import { maxCommentLength } from "~/features/review/review-settings";
import {
  getReviewForReviewer,
  parseReviewForm,
  saveReviewDraft,
  submitReview,
} from "~/features/review/reviews.server";
import { abstractWordLimit, parseWarnings } from "~/features/submissions/abstract-checks";
import { formatConferenceDateTime, formatConferenceDeadline } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { getMailer } from "~/lib/mail/mailer.server";
import type { Route } from "./+types/review-abstract";

export const meta: Route.MetaFunction = ({ params }) => accountMeta(`Abstract ${params.number}`);

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
  const view: ReviewAbstractView = {
    number: review.number,
    title: review.title,
    pageCount: review.pageCount,
    wordCount: review.wordCount,
    warningTexts: parseWarnings(review.warnings).map((warning) =>
      warning === "over-word-limit"
        ? `About ${review.wordCount} words: over the guidelines’ limit of ${abstractWordLimit} words (references not counted).`
        : "The author’s name may appear in the text or in the file’s properties: please check whether the abstract is anonymous, and tell the committee in your comments if it is not.",
    ),
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
  };
  return { view };
}

type ActionResult = {
  notice: Notice | null;
  values: ReviewValues | null;
  isConfirmingConflict: boolean;
};

const answer = (result: Partial<ActionResult>, status = 200) =>
  data<ActionResult>(
    { notice: null, values: null, isConfirmingConflict: false, ...result },
    status,
  );

export async function action(args: Route.ActionArgs) {
  const { user, db, number, editionYear } = await requireAssignedNumber(args);
  const form = await args.request.formData();
  const intent = form.get("intent");

  if (intent === "ask-conflict") return answer({ isConfirmingConflict: true });
  if (intent === "declare-conflict") {
    const outcome = await declareConflict(db, { editionYear, reviewerId: user.id, number });
    if (!outcome.ok) {
      return answer(
        { notice: { kind: "error", text: outcome.message } },
        outcome.reason === "not-found" ? 404 : 409,
      );
    }
    const env = getEnv();
    await mailAdminsAboutConflict(
      { db, mailer: getMailer(), logger: getLogger() },
      {
        configuredAdminEmails: env.adminEmails,
        number,
        reviewerEmail: outcome.reviewerEmail,
        reviewUrl: new URL("/user-data/review", env.baseUrl).toString(),
      },
    );
    throw redirect(`${reviewPaths.queue}?conflict=${number}`);
  }
  if (intent !== "save-draft" && intent !== "submit") {
    return answer({ notice: { kind: "error", text: "Unknown request." } }, 400);
  }

  const parsed = parseReviewForm(form);
  if (!parsed.ok) return answer({ notice: { kind: "error", text: parsed.message } }, 400);
  const write = intent === "submit" ? submitReview : saveReviewDraft;
  const outcome = await write(db, {
    reviewerId: user.id,
    editionYear,
    number,
    review: parsed.input,
  });
  if (!outcome.ok) {
    const status = { "not-found": 404, closed: 409, submitted: 409, invalid: 400, incomplete: 400 }[
      outcome.reason
    ];
    return answer(
      { notice: { kind: "error", text: outcome.message }, values: parsed.input },
      status,
    );
  }
  const text =
    outcome.status === "draft"
      ? "Draft saved successfully."
      : outcome.isFirstSubmission
        ? "Review submitted successfully. Thank you!"
        : "Review updated successfully.";
  return answer({ notice: { kind: "success", text } });
}

export default function ReviewAbstract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewAbstractPage
      view={loaderData.view}
      notice={actionData?.notice ?? null}
      values={actionData?.values ?? null}
      isConfirmingConflict={actionData?.isConfirmingConflict ?? false}
      maxCommentLength={maxCommentLength}
    />
  );
}
