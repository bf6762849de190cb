import { formatConferenceDateTime, formatLongDate } from "~/lib/dates";
import type { Attendance, PresentationFormat } from "~/lib/db/schema";
import type { PendingNotice } from "./program-notices.server";
import type { ProgramEditorView } from "./program-publish.server";
import type { SessionInput } from "./program-sessions.server";
import {
  formatClock,
  formatClockForPeople,
  formatOfKind,
  formatPlacement,
  formatTimeRange,
  sessionKindLabels,
} from "./program-times";
import type { ProgramWarning } from "./program-warnings";

/** What the action answers: its message, and a refused session form's values and errors. */
export type ProgramActionData = {
  message: string;
  /** "new", or the id of the session whose form was refused. */
  form?: string;
  values?: SessionInput;
  fieldErrors?: Record<string, string>;
  /** A session just added: the form starts empty again. */
  createdId?: string;
};

export type SlotView = {
  slotId: string;
  number: number;
  label: string;
  format: PresentationFormat | null;
  timeText: string | null;
  minutes: number | null;
  presenters: string;
  /** Anything that keeps it from being a confirmed presentation of this kind. */
  problem: string | null;
};

export type SessionView = SessionInput & {
  id: string;
  kindLabel: string;
  timeText: string;
  holds: PresentationFormat | null;
  contentEndsText: string | null;
  slots: SlotView[];
  warnings: string[];
};

export type UnplacedView = {
  submissionId: string;
  number: number;
  label: string;
  format: PresentationFormat;
  presenters: string;
};

export type ProgramAdminProps = ReturnType<typeof toProgramEditorProps>;

const attendanceProblem = (attendance: Attendance | null) =>
  attendance === "declined" ? "Declined by its presenter" : attendance ? null : "Not confirmed yet";

/** The loader's data: everything the page shows, as text and plain values. */
export function toProgramEditorProps(input: {
  editionName: string;
  editor: ProgramEditorView;
  notice: PendingNotice | null;
  paths: { page: string; calendar: string; json: string };
}) {
  const { editor, notice } = input;
  const warningsOf = (sessionId: string) =>
    editor.warnings
      .filter((warning: ProgramWarning) => warning.sessionIds.includes(sessionId))
      .map((warning) => warning.message);
  const presentersOf = (authors: { name: string; isPresenter: boolean }[]) =>
    authors
      .filter((author) => author.isPresenter)
      .map((author) => author.name)
      .join(", ") || "Presenter not named";
  return {
    editionName: input.editionName,
    dateText: formatLongDate(editor.settings.date),
    hoursText: `${formatClockForPeople(editor.settings.opens)} to ${formatClockForPeople(editor.settings.closes)}`,
    defaultTalkMinutes: editor.settings.defaultTalkMinutes,
    paths: input.paths,
    latest: editor.latest && {
      version: editor.latest.version,
      publishedAtText: formatConferenceDateTime(editor.latest.publishedAt),
      publishedBy: editor.latest.publishedBy,
    },
    hasUnpublishedChanges: editor.hasUnpublishedChanges,
    warnings: editor.warnings.map((warning) => warning.message),
    sessions: editor.sessions.map(
      (session): SessionView => ({
        id: session.id,
        title: session.title,
        kind: session.kind,
        kindLabel: sessionKindLabels[session.kind],
        room: session.room,
        startsAt: formatClock(session.startsAt),
        endsAt: formatClock(session.endsAt),
        chair: session.chair ?? "",
        description: session.description ?? "",
        timeText: formatTimeRange(session.startsAt, session.endsAt),
        holds: formatOfKind[session.kind] ?? null,
        contentEndsText:
          session.contentEndsAt === null ? null : formatClockForPeople(session.contentEndsAt),
        warnings: warningsOf(session.id),
        slots: session.slots.map((slot) => ({
          slotId: slot.slotId,
          number: slot.number,
          label: slot.label,
          format: slot.format,
          timeText:
            slot.startsAt === null || slot.endsAt === null
              ? null
              : formatTimeRange(slot.startsAt, slot.endsAt),
          minutes: slot.minutes,
          presenters: presentersOf(slot.authors),
          problem:
            slot.decision !== "accepted" || !slot.released
              ? "No longer accepted"
              : attendanceProblem(slot.attendance),
        })),
      }),
    ),
    unplaced: editor.unplaced.map(
      (each): UnplacedView => ({
        submissionId: each.submissionId,
        number: each.number,
        label: each.label,
        format: each.format,
        presenters: presentersOf(each.authors),
      }),
    ),
    notice: notice && {
      version: notice.version,
      comparedWith: notice.comparedWith,
      affected: notice.affected.map((change) => ({
        title: change.title,
        change: change.change,
        beforeText: change.before.map(formatPlacement).join("; "),
        afterText: change.after.map(formatPlacement).join("; "),
        recipients: change.recipients.map((recipient) => recipient.email),
      })),
    },
  };
}
