import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { abstractLabel } from "~/features/submissions/submission-details";
import type { Attendance, Database, PresentationFormat } from "~/lib/db/schema";
import type { Mailer } from "~/lib/mail/mailer.server";
import { done, type Outcome, type Refusals, refuse } from "~/lib/outcome";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { isBefore, type PresenterDates } from "./presenter-dates.server";

// The presenter's side of the invitation: their accepted abstracts and their answer (the admins are told
// by attendance-mail.server.ts). The admins' side (the list, reminders, reopening) is attendance-admin.server.ts.

export type PresenterDeps = { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> };

/** What the presenter may do with one abstract's invitation now. */
export type AnswerWindow = "open" | "reopened" | "closed";

/**
 * Before the confirm-by date anyone accepted may answer (and change a decline back to a confirmation);
 * after it the answer is frozen, unless an admin reopened it for this abstract, which lasts until the
 * presenter's next answer.
 */
export function answerWindow(
  row: { attendance_reopened_at: string | null },
  dates: Pick<PresenterDates, "confirmBy">,
  now: Date = new Date(),
): AnswerWindow {
  if (isBefore(dates.confirmBy, now)) return "open";
  return row.attendance_reopened_at ? "reopened" : "closed";
}

export type PresenterAbstract = {
  id: string;
  number: number;
  title: string;
  fileName: string;
  acceptedAs: PresentationFormat | null;
  attendance: Attendance | null;
  attendanceAt: string | null;
  reopenedAt: string | null;
  remindedAt: string | null;
  promotedAt: string | null;
  window: AnswerWindow;
};

export const presenterColumns = [
  "s.id",
  "s.number",
  "s.title",
  "s.file_name",
  "s.accepted_as",
  "s.attendance",
  "s.attendance_at",
  "s.attendance_reopened_at",
  "s.attendance_reminded_at",
  "s.promoted_at",
] as const;

export function toPresenterAbstract(
  row: {
    id: string;
    number: number;
    title: string;
    file_name: string;
    accepted_as: PresentationFormat | null;
    attendance: Attendance | null;
    attendance_at: string | null;
    attendance_reopened_at: string | null;
    attendance_reminded_at: string | null;
    promoted_at: string | null;
  },
  dates: PresenterDates,
  now: Date,
): PresenterAbstract {
  return {
    id: row.id,
    number: Number(row.number),
    title: row.title,
    fileName: row.file_name,
    acceptedAs: row.accepted_as,
    attendance: row.attendance,
    attendanceAt: row.attendance_at,
    reopenedAt: row.attendance_reopened_at,
    remindedAt: row.attendance_reminded_at,
    promotedAt: row.promoted_at,
    window: answerWindow(row, dates, now),
  };
}

/** The user's own accepted, released abstracts of the edition: the congratulations page. */
export async function listOwnAcceptedAbstracts(
  db: Kysely<Database>,
  input: { userId: string; editionYear: number; dates: PresenterDates; now?: Date },
): Promise<PresenterAbstract[]> {
  const rows = await db
    .selectFrom("submission as s")
    .select(presenterColumns)
    .where("s.user_id", "=", input.userId)
    .where("s.edition_year", "=", input.editionYear)
    .where("s.decision", "=", "accepted")
    .where("s.released_at", "is not", null)
    .orderBy("s.uploaded_at")
    .orderBy("s.id")
    .execute();
  return rows.map((row) => toPresenterAbstract(row, input.dates, input.now ?? new Date()));
}

export type AnswerRefusal = "not-found" | "closed";

export const attendanceRefusals: Refusals<AnswerRefusal> = {
  "not-found": { status: 404, message: "That abstract is not one of your accepted abstracts." },
  closed: {
    status: 409,
    message:
      "The date to confirm or decline has passed, so your answer can no longer change. If something has changed, please email the organizers.",
  },
};

export type AnswerOutcome = Outcome<
  { changed: boolean; abstract: { number: number; label: string } },
  AnswerRefusal
>;

/**
 * The presenter's answer to the invitation. Only the submitting account answers, only for a released
 * acceptance; after the confirm-by date only when an admin reopened it (the answer closes it again).
 * Answering the same thing twice (a double click, a replayed form) changes nothing.
 */
export async function answerAttendance(
  db: Kysely<Database>,
  input: {
    userId: string;
    submissionId: string;
    answer: Attendance;
    dates: PresenterDates;
    now?: Date;
  },
): Promise<AnswerOutcome> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<AnswerOutcome> => {
    const row = await trx
      .selectFrom("submission as s")
      .select([
        "s.id",
        "s.number",
        "s.title",
        "s.file_name",
        "s.attendance",
        "s.attendance_reopened_at",
      ])
      .where("s.id", "=", input.submissionId)
      .where("s.user_id", "=", input.userId)
      .where("s.decision", "=", "accepted")
      .where("s.released_at", "is not", null)
      .executeTakeFirst();
    if (!row) return refuse("not-found");
    const abstract = {
      number: Number(row.number),
      label: abstractLabel({ title: row.title, fileName: row.file_name }),
    };
    const window = answerWindow(row, input.dates, now);
    if (window === "closed") return refuse("closed");
    if (row.attendance === input.answer && window === "open")
      return done({ changed: false, abstract });
    // Conditional, so that of two identical answers at once (two tabs, a double click) only one
    // changes the row: PostgreSQL re-checks the condition after the first one commits.
    const updated = await trx
      .updateTable("submission")
      .set({
        attendance: input.answer,
        attendance_at: now.toISOString(),
        attendance_reopened_at: null,
      })
      .where("id", "=", row.id)
      .where((eb) =>
        eb.or([
          eb("attendance", "is", null),
          eb("attendance", "!=", input.answer),
          eb("attendance_reopened_at", "is not", null),
        ]),
      )
      .executeTakeFirst();
    const changed = Number(updated.numUpdatedRows) > 0 && row.attendance !== input.answer;
    // Published final materials need a confirmed presenter: the edition page changes with the answer.
    if (changed) await markPublicPagesChanged(trx);
    return done({ changed, abstract });
  });
}
