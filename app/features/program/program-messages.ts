import type { PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";
import type { Outcome, Refusal } from "~/lib/outcome";

/**
 * The program editor's words. Messages are the site's fixed wording (tests check them verbatim), so
 * each is written here once: the refusals with their HTTP status, and the sentences a done command
 * answers with. Most refusals name the abstract or session concerned, so a refusal carries those facts
 * and its sentence is written from them.
 */
export type ProgramRefusal =
  | {
      reason:
        | "session-missing"
        | "abstract-missing"
        | "placement-missing"
        | "minutes-invalid"
        | "publish-version-unreadable"
        | "notice-version-unreadable"
        | "notice-settled"
        | "unknown-intent";
    }
  | { reason: "session-invalid"; fieldErrors: Record<string, string> }
  | { reason: "session-holds-presentations"; title: string; placed: number }
  | {
      reason:
        | "abstract-not-accepted"
        | "abstract-declined"
        | "abstract-unconfirmed"
        | "minutes-in-poster-session";
      number: number;
    }
  | { reason: "session-holds-none"; title: string; kind: ProgramSessionKind }
  | { reason: "wrong-session"; number: number; format: PresentationFormat; title: string }
  | { reason: "publish-stale"; version: number; publishedBy: string }
  | { reason: "publish-unknown-version"; basedOnVersion: number | null | undefined }
  | { reason: "notice-newer"; version: number };

export type ProgramReason = ProgramRefusal["reason"];

/** A program command's outcome: the shared `Outcome`, whose refusal also carries its facts. */
export type ProgramOutcome<Value> =
  | Extract<Outcome<Value, ProgramReason>, { ok: true }>
  | ({ ok: false } & ProgramRefusal);

/** A refusal with the facts its sentence names. */
export function refuseProgram<Refused extends ProgramRefusal>(
  refusal: Refused,
): { ok: false } & Refused {
  return { ok: false, ...refusal };
}

type RefusalOf<Reason extends ProgramReason> = Extract<ProgramRefusal, { reason: Reason }>;

/** The program's message map: per reason, its status, its sentence and the fields it points at. */
export type ProgramRefusals = {
  [Reason in ProgramReason]: {
    status: Refusal["status"];
    message: (refusal: RefusalOf<Reason>) => string;
    fieldErrors?: (refusal: RefusalOf<Reason>) => Record<string, string>;
  };
};

const notInProgram = (what: string) => () =>
  `That ${what} is not in this edition's program; it may have been removed.`;

/** "presentation" or "presentations", for the sentences and audit details that count them. */
export const presentationsWord = (count: number) =>
  count === 1 ? "presentation" : "presentations";

export const programRefusals: ProgramRefusals = {
  "session-missing": { status: 404, message: notInProgram("session") },
  "abstract-missing": { status: 404, message: notInProgram("abstract") },
  "placement-missing": { status: 404, message: notInProgram("placement") },
  "session-invalid": {
    status: 400,
    message: ({ fieldErrors }) =>
      `Please check the form: ${[...new Set(Object.values(fieldErrors))].join(" ")}`,
    fieldErrors: ({ fieldErrors }) => fieldErrors,
  },
  "session-holds-presentations": {
    status: 409,
    message: ({ title, placed }) =>
      `“${title}” holds ${placed} ${presentationsWord(placed)}: remove ${placed === 1 ? "it" : "them"} before changing the session's type.`,
    fieldErrors: () => ({ kind: "Remove its presentations before changing the type." }),
  },
  "abstract-not-accepted": {
    status: 409,
    message: ({ number }) =>
      `Abstract ${number} is not an accepted presentation, so it cannot be placed.`,
  },
  "abstract-declined": {
    status: 409,
    message: ({ number }) =>
      `Abstract ${number} was declined by its presenter, so it cannot be placed.`,
  },
  "abstract-unconfirmed": {
    status: 409,
    message: ({ number }) =>
      `Abstract ${number} is not confirmed by its presenter yet; place it once they confirm.`,
  },
  "session-holds-none": {
    status: 409,
    message: ({ title, kind }) =>
      `“${title}” is a ${kind} session: only talk and poster sessions hold presentations.`,
  },
  "wrong-session": {
    status: 409,
    message: ({ number, format, title }) =>
      `Abstract ${number} is a ${format}: place it in a ${format} session, not in “${title}”.`,
  },
  "minutes-invalid": {
    status: 400,
    message: () =>
      "Please enter the talk's minutes as a whole number from 1 to 240, or leave it empty.",
    fieldErrors: () => ({ minutes: "A whole number from 1 to 240, or empty for the default." }),
  },
  "minutes-in-poster-session": {
    status: 409,
    message: ({ number }) =>
      `Abstract ${number} is in a poster session, which has no talk lengths.`,
  },
  "publish-version-unreadable": {
    status: 400,
    message: () => "Please reload the page and publish again.",
  },
  "publish-stale": {
    status: 409,
    message: ({ version, publishedBy }) =>
      `Version ${version} was published by ${publishedBy} meanwhile. Review the program, then publish again.`,
  },
  "publish-unknown-version": {
    status: 409,
    message: ({ basedOnVersion }) =>
      `Version ${String(basedOnVersion)} of the program does not exist. Review the program, then publish again.`,
  },
  "notice-version-unreadable": {
    status: 400,
    message: () => "Please reload the page and try again.",
  },
  "notice-newer": {
    status: 409,
    message: ({ version }) =>
      `Version ${version} was published meanwhile. Review its changes, then choose again.`,
  },
  "notice-settled": {
    status: 409,
    message: () =>
      "The presenters of this version have already been told, or nothing changed for them.",
  },
  "unknown-intent": { status: 400, message: () => "Unknown action." },
};

/** A refusal as the page reads it: its status, its sentence and, for a form, the fields concerned. */
export function describeProgramRefusal(
  refusal: ProgramRefusal,
): Refusal & { fieldErrors?: Record<string, string> } {
  // One entry per reason; TypeScript cannot pair a union's member with its entry by itself.
  const entry = programRefusals[refusal.reason] as ProgramRefusals[ProgramReason] & {
    message: (refusal: ProgramRefusal) => string;
    fieldErrors?: (refusal: ProgramRefusal) => Record<string, string>;
  };
  return {
    status: entry.status,
    message: entry.message(refusal),
    fieldErrors: entry.fieldErrors?.(refusal),
  };
}

/** What a done command says; the sentences that name a session, an abstract or a count. */
export const programMessages = {
  sessionAdded: (title: string) => `The session “${title}” was added successfully.`,
  sessionSaved: (title: string) => `The session “${title}” was saved successfully.`,
  sessionDeleted: (title: string, placed: number) =>
    placed
      ? `The session “${title}” was deleted successfully; its ${placed} ${placed === 1 ? "presentation is" : "presentations are"} unplaced again.`
      : `The session “${title}” was deleted successfully.`,
  presentationPlaced: (number: number, label: string, session: string) =>
    `Abstract ${number} (${label}) was placed in “${session}” successfully.`,
  presentationUnplaced: (number: number, session: string) =>
    `Abstract ${number} was taken out of “${session}” successfully.`,
  presentationAtEnd: (number: number, direction: "up" | "down", session: string) =>
    `Abstract ${number} is already ${direction === "up" ? "first" : "last"} in “${session}”.`,
  presentationMoved: (number: number, direction: "up" | "down", session: string) =>
    `Abstract ${number} was moved ${direction} in “${session}” successfully.`,
  minutesSet: (number: number, minutes: number | null) =>
    minutes === null
      ? `Abstract ${number} takes the default length again: saved successfully.`
      : `Abstract ${number} now takes ${minutes} minutes: saved successfully.`,
  published: (version: number) => `Version ${version} of the program was published successfully.`,
  noticeClosed: (version: number) =>
    `The notice for version ${version} was closed successfully, without emailing anyone.`,
  presentersToldSlots: (addresses: number) =>
    `The presenters were emailed their times and places successfully (${addresses} ${addresses === 1 ? "address" : "addresses"}).`,
  presentersMailed: (addresses: number) =>
    `The affected presenters were emailed their new times successfully (${addresses} ${addresses === 1 ? "address" : "addresses"}).`,
};
