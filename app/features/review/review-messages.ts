import type { Outcome, Refusal, Refusals } from "~/lib/outcome";

// Peer review's words, written once: each command's refusals (with their HTTP status) and the success
// messages that vary. Messages are the site's fixed wording; tests check them verbatim.

/** The reviewer's email and the abstract's number, for the refusals whose words name them. */
export type Names = { email?: string; number?: number; problem?: string };

/**
 * A review command's outcome: the shared shape, where a refusal may also carry the names its words
 * hold ("{email} already reviews abstract {number}."), since only the command read them.
 */
export type ReviewOutcome<Value, Reason extends string> =
  | Outcome<Value, Reason>
  | { ok: false; reason: Reason; names: Names };

/** Refused, naming what the refusal's words need. */
export function refuseNaming<Reason extends string>(reason: Reason, names: Names) {
  return { ok: false as const, reason, names };
}

/** A refusal's sentence, with the `{email}`, `{number}` and `{problem}` it names filled in. */
export function refusalText<Reason extends string>(
  refusals: Refusals<Reason>,
  refusal: { reason: Reason; names?: Names },
): string {
  const names: Names = refusal.names ?? {};
  return refusals[refusal.reason].message.replace(/\{(email|number|problem)\}/g, (slot, name) =>
    String(names[name as keyof Names] ?? slot),
  );
}

/** The refusal's status and sentence, as the admin page answers them: `{ message }`. */
export function refusalAnswer<Reason extends string>(
  refusals: Refusals<Reason>,
  refusal: { reason: Reason; names?: Names },
): [{ message: string }, number] {
  return [{ message: refusalText(refusals, refusal) }, refusals[refusal.reason].status];
}

const notAssignedToYou: Refusal = {
  status: 404,
  message: "This abstract is not assigned to you (any more).",
};

export type AssignRefusal = "not-found" | "not-reviewer" | "conflict" | "already-assigned";

export const assignRefusals: Refusals<AssignRefusal> = {
  "not-found": { status: 409, message: "That abstract no longer exists." },
  "not-reviewer": { status: 409, message: "That person is not a reviewer." },
  conflict: {
    status: 409,
    message:
      "{email} has a conflict with abstract {number} (an author, a declared conflict, or a likely conflict: confirm or dismiss it under Likely conflicts first).",
  },
  "already-assigned": { status: 409, message: "{email} already reviews abstract {number}." },
};

export type UnassignRefusal = "not-found" | "submitted";

export const unassignRefusals: Refusals<UnassignRefusal> = {
  "not-found": { status: 409, message: "That assignment no longer exists." },
  submitted: {
    status: 409,
    message:
      "{email} has already submitted a review of abstract {number}; it cannot be unassigned.",
  },
};

export type DeclareConflictRefusal = "not-found" | "submitted";

export const declareConflictRefusals: Refusals<DeclareConflictRefusal> = {
  "not-found": notAssignedToYou,
  submitted: {
    status: 409,
    message:
      "You have already submitted a review of this abstract. To withdraw it, write to the committee chairs.",
  },
};

export type ResolveConflictRefusal = "not-found" | "not-reviewer" | "not-likely";

export const resolveConflictRefusals: Refusals<ResolveConflictRefusal> = {
  "not-found": { status: 409, message: "That abstract no longer exists." },
  "not-reviewer": { status: 409, message: "That person is not a reviewer." },
  "not-likely": {
    status: 409,
    message:
      "{email} has no likely conflict with abstract {number} waiting for an answer (it may have been answered already, or the authors changed). The page now shows the current list.",
  },
};

export type DeclareNoConflictRefusal = "not-found";

export const declareNoConflictRefusals: Refusals<DeclareNoConflictRefusal> = {
  "not-found": notAssignedToYou,
};

export type TakeNextRefusal = "not-allowed" | "not-reviewer" | "closed" | "none-left";

export const takeNextRefusals: Refusals<TakeNextRefusal> = {
  "not-allowed": {
    status: 403,
    message: "Reviewers cannot take abstracts themselves in this edition.",
  },
  "not-reviewer": { status: 403, message: "You are not a reviewer." },
  closed: { status: 403, message: "The review period is closed." },
  "none-left": { status: 409, message: "There is no abstract left for you to take." },
};

export type SaveReviewRefusal =
  | "not-found"
  | "closed"
  | "merit-off-scale"
  | "confidence-off-scale"
  | "incomplete"
  | "submitted";

export const saveReviewRefusals: Refusals<SaveReviewRefusal> = {
  "not-found": notAssignedToYou,
  closed: {
    status: 409,
    message: "The review period is closed: reviews can no longer be changed.",
  },
  "merit-off-scale": { status: 400, message: "Choose an overall merit from the list." },
  "confidence-off-scale": { status: 400, message: "Choose a confidence from the list." },
  incomplete: {
    status: 400,
    message: "Choose an overall merit and a confidence before submitting the review.",
  },
  submitted: {
    status: 409,
    message: "This review is already submitted; use “Update review” to change it.",
  },
};

export type SaveSettingsRefusal = "invalid";

/** The settings' own checks (the scales' order, their sizes) name the problem they found. */
export const saveSettingsRefusals: Refusals<SaveSettingsRefusal> = {
  invalid: { status: 400, message: "{problem}" },
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const reviewMessages = {
  unknownRequest: "Unknown request.",
  unknownAction: "Unknown action.",
  settingsSaved: "The review settings were saved successfully.",
  draftSaved: "Draft saved successfully.",
  reviewSubmitted: "Review submitted successfully. Thank you!",
  reviewUpdated: "Review updated successfully.",
  submittedThenNext: (number: number) =>
    `Review of abstract ${number} saved successfully. Here is your next abstract.`,
  allReviewed: (number: number) =>
    `Review of abstract ${number} saved successfully. Every abstract in your queue has a submitted review: nothing is waiting for you.`,
  conflictDeclared: (number: number) =>
    `Conflict declared successfully: abstract ${number} left your queue, and the committee was told.`,
  noConflictDeclared:
    "Thank you: you declared that you have no conflict of interest with this abstract. You can open it now.",
  /** The PDF's answer before the declaration (a plain-text page, opened in a new tab or the frame). */
  pdfNeedsDeclaration: (number: number) =>
    `Before you open abstract ${number}, go back to its review page and declare that you have no conflict of interest with it (or that you have one).`,
  conflictConfirmed: (
    number: number,
    outcome: { wasUnassigned: boolean; keptSubmittedReview: boolean },
  ) =>
    `Conflict confirmed successfully: the reviewer will not be assigned abstract ${number}${
      outcome.wasUnassigned
        ? " and was unassigned from it (their draft was deleted)"
        : outcome.keptSubmittedReview
          ? "; they had already submitted a review of it, which stays until you decide what to do with it"
          : ""
    }.`,
  conflictDismissed: (number: number) =>
    `Likely conflict dismissed successfully: the reviewer may be assigned abstract ${number}, and it will not be shown again.`,
  assigned: (number: number) => `The reviewer was assigned to abstract ${number} successfully.`,
  unassigned: (number: number) =>
    `The reviewer was unassigned from abstract ${number} successfully.`,
  autoAssigned: (created: number) =>
    `Automatic assignment finished successfully: ${plural(created, "assignment", "assignments")} added.`,
} as const;

/**
 * What the admin page says after a reminder run, and with which status. The reminders are in the
 * outbox: the mail page shows any that the mail server refuses.
 */
export function reminderAnswer(counts: {
  reviewers: number;
  reviews: number;
}): [{ message: string }, number] {
  if (!counts.reviewers) return [{ message: "No reviewer has an unfinished review." }, 200];
  const sent = counts.reviewers;
  return [
    {
      message: `Reminders sent successfully to ${plural(sent, "reviewer", "reviewers")} about ${counts.reviews} unfinished ${counts.reviews === 1 ? "review" : "reviews"}.`,
    },
    200,
  ];
}
