import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { data, redirect } from "react-router";
import type { Database } from "~/lib/db/schema";
import { readIntent } from "~/lib/forms.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { declareConflict } from "./assignments.server";
import { declareNoConflict, pdfGate } from "./conflict-declarations.server";
import type { ReviewValues } from "./review-abstract-page";
import { readReviewForm, typedReviewValues } from "./review-form.server";
import { queueConflictNotice } from "./review-mail.server";
import {
  declareConflictRefusals,
  declareNoConflictRefusals,
  refusalText,
  reviewMessages,
  saveReviewRefusals,
} from "./review-messages";
import { reviewPaths } from "./review-paths";
import type { Notice } from "./review-queue-page";
import type { ReviewStatus } from "./review-status";
import { listReviewQueue, saveReviewDraft, submitReview } from "./reviewer-reviews.server";

const intents = [
  "declare-no-conflict",
  "ask-conflict",
  "keep-reviewing",
  "declare-conflict",
  "save-draft",
  "submit",
  "submit-next",
] as const;

export type ReviewAbstractActionResult = {
  notice: Notice | null;
  values: ReviewValues | null;
  isConfirmingConflict: boolean;
};

const answer = (result: Partial<ReviewAbstractActionResult>, status = 200) =>
  data<ReviewAbstractActionResult>(
    { notice: null, values: null, isConfirmingConflict: false, ...result },
    status,
  );

const error = (text: string) => ({ kind: "error", text }) satisfies Notice;

/**
 * The review page's action, for the abstract of this number assigned to the reviewer: declaring no
 * conflict of interest (before the PDF opens), asking whether to declare a conflict, declaring it (the
 * admins are told, the reviewer goes back to the queue) or going back to the review, saving a draft
 * and submitting.
 */
export async function handleReviewAbstractAction(
  deps: { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    reviewerId: string;
    editionYear: number;
    number: number;
    configuredAdminEmails: readonly string[];
    /** The admins' review page, linked from the conflict mail. */
    reviewAdminUrl: string;
  },
  formData: FormData,
) {
  const { reviewerId, editionYear, number } = input;
  // The conflict-of-interest buttons send the review form's fields with them (it is their form when
  // it is on the page), so what the reviewer typed and has not saved comes back with the answer.
  const values = typedReviewValues(formData);
  const intent = readIntent(formData, intents);
  if (intent === null) return answer({ notice: error(reviewMessages.unknownRequest), values }, 400);
  if (intent === "declare-no-conflict") {
    const outcome = await declareNoConflict(deps.db, { reviewerId, editionYear, number });
    if (!outcome.ok) {
      return answer(
        { notice: error(refusalText(declareNoConflictRefusals, outcome)), values },
        declareNoConflictRefusals[outcome.reason].status,
      );
    }
    return answer({ notice: { kind: "success", text: reviewMessages.noConflictDeclared }, values });
  }
  if (intent === "ask-conflict" || intent === "keep-reviewing") {
    // These change nothing, but their answer is the page: an abstract that is not the reviewer's
    // (any more) answers 404 here, as the page itself does.
    if ((await pdfGate(deps.db, { reviewerId, editionYear, number })) === "not-assigned") {
      return answer(
        { notice: error(refusalText(declareNoConflictRefusals, { reason: "not-found" })) },
        declareNoConflictRefusals["not-found"].status,
      );
    }
    // "Cancel" under the conflict question goes back to the review, as it was typed.
    return answer({ isConfirmingConflict: intent === "ask-conflict", values });
  }
  if (intent === "declare-conflict") {
    const outcome = await declareConflict(deps.db, {
      editionYear,
      reviewerId,
      number,
      alsoInTransaction: (trx, { reviewerEmail }) =>
        queueConflictNotice(
          { db: trx, mailer: deps.mailer },
          {
            configuredAdminEmails: input.configuredAdminEmails,
            number,
            reviewerEmail,
            reviewUrl: input.reviewAdminUrl,
          },
        ),
    });
    if (!outcome.ok) {
      return answer(
        { notice: error(refusalText(declareConflictRefusals, outcome)) },
        declareConflictRefusals[outcome.reason].status,
      );
    }
    deps.mailer.wake();
    throw redirect(`${reviewPaths.queue}?conflict=${number}`);
  }

  const form = readReviewForm(formData);
  if (!form.ok) return answer({ notice: error(form.message), values }, 400);
  const write = intent === "save-draft" ? saveReviewDraft : submitReview;
  const outcome = await write(deps.db, { reviewerId, editionYear, number, review: form.value });
  if (!outcome.ok) {
    return answer(
      { notice: error(refusalText(saveReviewRefusals, outcome)), values: form.value },
      saveReviewRefusals[outcome.reason].status,
    );
  }
  if (intent === "submit-next") {
    // "Submit and next": on to the reviewer's next abstract without a submitted review, else back to
    // the queue, which says there is none left.
    const next = nextUnreviewed(await listReviewQueue(deps.db, reviewerId, editionYear), number);
    throw redirect(
      next === null
        ? `${reviewPaths.queue}?allReviewed=${number}`
        : `${reviewPaths.abstract(next)}?submitted=${number}`,
    );
  }
  // A saved review answers with a redirect, so reloading the page it lands on reads it again
  // instead of posting the form twice; the address says what was saved (savedNotice reads it).
  const saved: SavedReview =
    outcome.value.status === "draft"
      ? "draft"
      : outcome.value.isFirstSubmission
        ? "submitted"
        : "updated";
  throw redirect(`${reviewPaths.abstract(number)}?saved=${saved}`);
}

/** What the address after a save says was saved. */
export type SavedReview = "draft" | "submitted" | "updated";

/**
 * The notice for `?saved=` on the review page, when the reviewer's own review agrees with it (the
 * address is typable: "draft" on a submitted review, or a word it does not know, says nothing).
 */
export function savedNotice(saved: string | null, status: ReviewStatus): Notice | null {
  const text =
    saved === "draft" && status === "draft"
      ? reviewMessages.draftSaved
      : saved === "submitted" && status === "submitted"
        ? reviewMessages.reviewSubmitted
        : saved === "updated" && status === "submitted"
          ? reviewMessages.reviewUpdated
          : null;
  return text === null ? null : { kind: "success", text };
}

/**
 * The reviewer's next abstract still without a submitted review: the first numbered after this one,
 * else the first before it (the queue comes round), else none.
 */
export function nextUnreviewed(
  queue: readonly { number: number; status: string }[],
  current: number,
): number | null {
  const waiting = queue
    .filter((entry) => entry.status !== "submitted" && entry.number !== current)
    .map((entry) => entry.number)
    .sort((a, b) => a - b);
  return waiting.find((number) => number > current) ?? waiting[0] ?? null;
}
