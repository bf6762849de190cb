import type { PresentationFormat } from "~/lib/db/schema";
import type { Refusals } from "~/lib/outcome";

/**
 * The decisions pages' words, written once: the site's fixed wording, which the tests check verbatim.
 * A refusal leaves the submission as it was.
 */
export type DecisionRefusal =
  | "formatRequired"
  | "submissionGone"
  | "alreadyReleased"
  | "closesAtInvalid"
  | "promotionFormatRequired"
  | "notAlternate"
  | "confirmByInvalid"
  | "materialsDueInvalid"
  | "confirmByPassed"
  | "materialsDuePassed";

export const decisionRefusals: Refusals<DecisionRefusal> = {
  formatRequired: {
    status: 409,
    message: "Please choose whether the abstract is accepted as a talk or a poster.",
  },
  submissionGone: {
    status: 409,
    message: "That submission no longer exists; it may have been deleted.",
  },
  alreadyReleased: { status: 409, message: "This decision was already released to the author." },
  closesAtInvalid: { status: 400, message: "Please enter the closing time as a date and time." },
  promotionFormatRequired: { status: 400, message: "Please choose a talk or a poster." },
  notAlternate: {
    status: 409,
    message: "That abstract is no longer an alternate; it may have been promoted already.",
  },
  confirmByInvalid: {
    status: 400,
    message: "Please enter the confirm-by date as a date and time. Nothing was released.",
  },
  materialsDueInvalid: {
    status: 400,
    message: "Please enter the final-materials date as a date and time. Nothing was released.",
  },
  confirmByPassed: {
    status: 409,
    message:
      "Nothing was released: the date by which presenters confirm has passed, and the acceptance emails would ask for it. Move it to a later date in the release form (the fields below), then release again.",
  },
  materialsDuePassed: {
    status: 409,
    message:
      "Nothing was released: the date for final materials has passed, and the acceptance emails would ask for it. Move it to a later date in the release form (the fields below), then release again.",
  },
};

export const decisionMessages = {
  saved: "Decision saved successfully; release it when ready.",
  undone: "Decision undone successfully.",
  noneToRelease: "There were no decisions to release.",
  callClosed: "The call for abstracts was closed successfully.",
  callOpened: "The call for abstracts was opened successfully.",
  callOpenedUntil: (closesAtText: string) =>
    `The call for abstracts was opened successfully; it closes on ${closesAtText}.`,
  closingTimeSet: (closesAtText: string) =>
    `The closing time was set successfully: the call stays open until ${closesAtText}.`,
  closingTimeCleared:
    "The closing time was removed successfully: the call stays open until you close it.",
  unknownAction: "Unknown action.",
  released: (released: number, authors: number) =>
    `Released ${released} ${released === 1 ? "decision" : "decisions"} successfully and emailed ${authors} ${authors === 1 ? "author" : "authors"}.`,
  promoted: (number: number, acceptedAs: PresentationFormat) =>
    `Abstract ${number} was promoted to a ${acceptedAs} successfully; its authors were emailed.`,
} as const;
