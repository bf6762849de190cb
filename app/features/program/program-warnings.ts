import type {
  Attendance,
  PresentationFormat,
  ProgramSessionKind,
  SubmissionDecision,
} from "~/lib/db/schema";
import { formatClockForPeople, type ProgramSettings } from "./program-times";

/**
 * Problems in a draft program, shown while it is edited and again before publishing. None blocks a
 * publish: the committee may know better (a chair who is also a presenter, a break that runs late).
 * Codes are stable, for the UI and tests; messages are for people.
 */
export type ProgramWarningCode =
  | "session-overruns"
  | "room-overlap"
  | "presenter-overlap"
  | "placed-twice"
  | "presentation-declined"
  | "presentation-unconfirmed"
  | "presentation-not-accepted"
  | "presentation-wrong-session"
  | "outside-hours";

export type ProgramWarning = {
  code: ProgramWarningCode;
  message: string;
  sessionIds: string[];
  /** The placements concerned, when the warning is about presentations. */
  slotIds: string[];
};

/** What the warnings read of a draft (ProgramDraft's sessions fit it). */
export type WarningSession = {
  id: string;
  title: string;
  kind: ProgramSessionKind;
  room: string;
  startsAt: number;
  endsAt: number;
  /** When the last talk ends (null without talks). */
  contentEndsAt: number | null;
  slots: {
    slotId: string;
    submissionId: string;
    number: number;
    label: string;
    format: PresentationFormat | null;
    decision: SubmissionDecision | null;
    released: boolean;
    attendance: Attendance | null;
    /** One key per presenting author: their email, else their abstract's submitting account. */
    presenterKeys: string[];
    presenterNames: string[];
  }[];
};

const sameRoom = (a: string, b: string) =>
  a.trim() !== "" && a.trim().toLowerCase() === b.trim().toLowerCase();

const overlap = (a: WarningSession, b: WarningSession) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

const quoted = (session: Pick<WarningSession, "title">) => `“${session.title}”`;

export function computeProgramWarnings(
  sessions: readonly WarningSession[],
  settings: Pick<ProgramSettings, "opens" | "closes">,
): ProgramWarning[] {
  const warnings: ProgramWarning[] = [];

  for (const session of sessions) {
    if (session.contentEndsAt !== null && session.contentEndsAt > session.endsAt)
      warnings.push({
        code: "session-overruns",
        message: `${quoted(session)} runs ${session.contentEndsAt - session.endsAt} minutes past its end: its talks end at ${formatClockForPeople(session.contentEndsAt)}, the session at ${formatClockForPeople(session.endsAt)}.`,
        sessionIds: [session.id],
        slotIds: [],
      });
    if (session.startsAt < settings.opens || session.endsAt > settings.closes)
      warnings.push({
        code: "outside-hours",
        message: `${quoted(session)} is outside the conference hours (${formatClockForPeople(settings.opens)} to ${formatClockForPeople(settings.closes)}).`,
        sessionIds: [session.id],
        slotIds: [],
      });
  }

  const pairs = sessions.flatMap((a, index) =>
    sessions.slice(index + 1).flatMap((b) => (overlap(a, b) ? [[a, b] as const] : [])),
  );
  for (const [a, b] of pairs) {
    if (sameRoom(a.room, b.room))
      warnings.push({
        code: "room-overlap",
        message: `${quoted(a)} and ${quoted(b)} overlap in ${a.room.trim()}.`,
        sessionIds: [a.id, b.id],
        slotIds: [],
      });
    // A presenter's own two placements of one abstract are the "placed twice" warning instead.
    const reported = new Set<string>();
    for (const slotA of a.slots)
      for (const slotB of b.slots) {
        if (slotA.submissionId === slotB.submissionId) continue;
        slotA.presenterKeys.forEach((key, index) => {
          if (!slotB.presenterKeys.includes(key) || reported.has(key)) return;
          reported.add(key);
          warnings.push({
            code: "presenter-overlap",
            message: `${slotA.presenterNames[index] || "A presenter"} presents in ${quoted(a)} and in ${quoted(b)}, which overlap (abstracts ${slotA.number} and ${slotB.number}).`,
            sessionIds: [a.id, b.id],
            slotIds: [slotA.slotId, slotB.slotId],
          });
        });
      }
  }

  const placements = new Map<string, { session: WarningSession; slotId: string }[]>();
  for (const session of sessions)
    for (const slot of session.slots)
      placements.set(slot.submissionId, [
        ...(placements.get(slot.submissionId) ?? []),
        { session, slotId: slot.slotId },
      ]);
  const seen = new Set<string>();
  for (const session of sessions)
    for (const slot of session.slots) {
      const places = placements.get(slot.submissionId) ?? [];
      if (places.length > 1 && !seen.has(slot.submissionId)) {
        seen.add(slot.submissionId);
        warnings.push({
          code: "placed-twice",
          message: `Abstract ${slot.number} (${slot.label}) is placed ${places.length} times: in ${places.map((place) => quoted(place.session)).join(", ")}.`,
          sessionIds: [...new Set(places.map((place) => place.session.id))],
          slotIds: places.map((place) => place.slotId),
        });
      }
      const status = statusWarning(slot);
      if (status)
        warnings.push({
          code: status.code,
          message: `Abstract ${slot.number} (${slot.label}) in ${quoted(session)} ${status.text}`,
          sessionIds: [session.id],
          slotIds: [slot.slotId],
        });
      else if (slot.format !== (session.kind === "posters" ? "poster" : "talk"))
        warnings.push({
          code: "presentation-wrong-session",
          message: `Abstract ${slot.number} (${slot.label}) is now accepted as a ${slot.format}, but placed in ${quoted(session)}, a ${session.kind === "posters" ? "poster" : "talk"} session.`,
          sessionIds: [session.id],
          slotIds: [slot.slotId],
        });
    }
  return warnings;
}

function statusWarning(
  slot: WarningSession["slots"][number],
): { code: ProgramWarningCode; text: string } | null {
  if (slot.decision !== "accepted" || !slot.released)
    return {
      code: "presentation-not-accepted",
      text: "is no longer an accepted presentation.",
    };
  if (slot.attendance === "declined")
    return { code: "presentation-declined", text: "was declined by its presenter." };
  if (slot.attendance !== "confirmed")
    return { code: "presentation-unconfirmed", text: "is not confirmed by its presenter yet." };
  return null;
}
