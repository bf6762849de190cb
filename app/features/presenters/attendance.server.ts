import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import { mailAdmins } from "~/features/accounts/mail-admins.server";
import { abstractLabel } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Attendance, Database, PresentationFormat } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { markPublicPagesChanged } from "~/lib/public-pages.server";
import { isBefore, type PresenterDates } from "./presenter-dates.server";

type Deps = { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> };

/** What the presenter may do with one abstract's invitation now. */
export type AnswerWindow = "open" | "reopened" | "closed";

/**
 * Before the confirm-by date anyone accepted may answer (and change a decline back to a confirmation);
 * after it the answer is frozen, unless an admin reopened it for this abstract, which lasts until the
 * presenter's next answer.
 */
function answerWindow(
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

const presenterColumns = [
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

function toPresenterAbstract(
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

export type AnswerOutcome =
  | { ok: true; changed: boolean; abstract: { number: number; label: string } }
  | { ok: false; status: 404 | 409; message: string };

export const answerMessages = {
  notFound: "That abstract is not one of your accepted abstracts.",
  closed:
    "The date to confirm or decline has passed, so your answer can no longer change. If something has changed, please email the organizers.",
} as const;

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
  return db.transaction().execute(async (trx) => {
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
    if (!row) return { ok: false, status: 404, message: answerMessages.notFound };
    const abstract = {
      number: Number(row.number),
      label: abstractLabel({ title: row.title, fileName: row.file_name }),
    };
    const window = answerWindow(row, input.dates, now);
    if (window === "closed") return { ok: false, status: 409, message: answerMessages.closed };
    if (row.attendance === input.answer && window === "open")
      return { ok: true, changed: false, abstract };
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
    return { ok: true, changed, abstract };
  });
}

function declinedEmail(input: {
  to: string;
  number: number;
  label: string;
  presenterEmail: string;
  presentersUrl: string;
}): MailMessage {
  const lines = [
    `${input.presenterEmail} declined to present abstract ${input.number}: ${input.label}.`,
    "Its place in the program is free. You can promote an alternate on the presenters page:",
    input.presentersUrl,
  ];
  return {
    to: input.to,
    subject: `Abstract ${input.number} was declined | ${site.shortName}`,
    text: `${lines.join("\n\n")}\n\n— ${site.name}\n`,
  };
}

/** Tells every admin that a presenter declined; a failed message is logged, the answer stands. */
export async function mailAdminsAboutDecline(
  deps: Deps,
  input: {
    configuredAdminEmails: readonly string[];
    number: number;
    label: string;
    presenterEmail: string;
    presentersUrl: string;
  },
): Promise<void> {
  await mailAdmins(deps, {
    configuredAdminEmails: input.configuredAdminEmails,
    about: "a declined invitation",
    messageTo: (to) => declinedEmail({ to, ...input }),
  });
}

export type AdminPresenterAbstract = PresenterAbstract & {
  submitterName: string;
  submitterEmail: string;
  authors: string[];
};

/**
 * The presenters page: every released acceptance of the edition with its answer, and the released
 * alternates waiting for a place. Authors are listed in their order (names as entered, scripts and all).
 */
export async function listPresentersForAdmin(
  db: Kysely<Database>,
  input: { editionYear: number; dates: PresenterDates; now?: Date },
): Promise<{ accepted: AdminPresenterAbstract[]; alternates: AdminPresenterAbstract[] }> {
  const now = input.now ?? new Date();
  const rows = await db
    .selectFrom("submission as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select([...presenterColumns, "s.decision", "u.firstName", "u.lastName", "u.email"])
    .where("s.edition_year", "=", input.editionYear)
    .where("s.decision", "in", ["accepted", "alternate"])
    .where("s.released_at", "is not", null)
    .orderBy("s.number")
    .execute();
  const authors = await listAuthors(
    db,
    rows.map((row) => row.id),
  );
  const result = rows.map((row) => ({
    decision: row.decision,
    view: {
      ...toPresenterAbstract(row, input.dates, now),
      submitterName: `${row.firstName} ${row.lastName}`.trim(),
      submitterEmail: row.email,
      authors: (authors.get(row.id) ?? [])
        .map((author) => author.name)
        .filter((name) => name.trim()),
    },
  }));
  return {
    accepted: result.filter((each) => each.decision === "accepted").map((each) => each.view),
    alternates: result.filter((each) => each.decision === "alternate").map((each) => each.view),
  };
}

export type AdminOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 404 | 409; message: string };

/**
 * One reminder to each waiting presenter (the submitting account), once: an abstract already reminded
 * is not mailed again, so a double click or a replayed form sends nothing twice. Refused after the
 * confirm-by date, when waiting presenters can no longer answer.
 */
export async function remindWaitingPresenters(
  deps: Deps,
  input: {
    editionYear: number;
    dates: PresenterDates;
    congratulationsUrl: string;
    actor: AuditActor;
    now?: Date;
  },
): Promise<AdminOutcome & { mailed?: number }> {
  const now = input.now ?? new Date();
  if (!isBefore(input.dates.confirmBy, now))
    return {
      ok: false,
      status: 409,
      message:
        "The date to confirm has passed, so a reminder would ask for an answer nobody can give. Move the date first, or reopen the answer for one presenter.",
    };
  const waiting = await deps.db.transaction().execute(async (trx) => {
    // Claim first, read after: of two reminders at once, PostgreSQL lets the second update only the
    // rows the first did not mark, so nobody is mailed twice.
    const claimed = await trx
      .updateTable("submission")
      .set({ attendance_reminded_at: now.toISOString() })
      .where("edition_year", "=", input.editionYear)
      .where("decision", "=", "accepted")
      .where("released_at", "is not", null)
      .where("attendance", "is", null)
      .where("attendance_reminded_at", "is", null)
      .returning("id")
      .execute();
    if (!claimed.length) return [];
    const rows = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.number", "s.title", "s.file_name", "u.email", "u.firstName"])
      .where(
        "s.id",
        "in",
        claimed.map((row) => row.id),
      )
      .orderBy("s.number")
      .execute();
    await recordAdminAction(trx, {
      action: "remind-presenters",
      actor: input.actor,
      details: `Reminded about abstract${rows.length === 1 ? "" : "s"} ${rows.map((row) => Number(row.number)).join(", ")}`,
    });
    return rows;
  });
  const bySubmitter = new Map<string, typeof waiting>();
  for (const row of waiting)
    bySubmitter.set(row.email.toLowerCase(), [
      ...(bySubmitter.get(row.email.toLowerCase()) ?? []),
      row,
    ]);
  const conference = editionName(input.editionYear);
  for (const rows of bySubmitter.values()) {
    const [first] = rows;
    if (!first) continue;
    const text = [
      `Dear ${first.firstName || "author"},`,
      `Your abstract was accepted for ${conference}, and we have not heard from you yet. Please confirm or decline your presentation by ${input.dates.confirmByText}:`,
      ...rows.map((row) => `- ${abstractLabel({ title: row.title, fileName: row.file_name })}`),
      input.congratulationsUrl,
      `— ${site.name}`,
    ];
    const message: MailMessage = {
      to: first.email,
      subject: `Reminder: please confirm your ${conference} presentation`,
      text: `${text.join("\n\n")}\n`,
    };
    await deps.mailer.send(message).catch((error: unknown) => {
      deps.logger.error({ err: error, to: message.to }, "presenter reminder failed");
    });
  }
  return {
    ok: true,
    mailed: bySubmitter.size,
    message: waiting.length
      ? `Reminded ${bySubmitter.size} ${bySubmitter.size === 1 ? "presenter" : "presenters"} successfully.`
      : "Nobody is waiting who has not been reminded already.",
  };
}

/**
 * Lets one presenter answer once more after the confirm-by date (their next answer closes it again).
 * Before the date there is nothing to reopen.
 */
export async function reopenAttendance(
  db: Kysely<Database>,
  input: {
    submissionId: string;
    editionYear: number;
    dates: PresenterDates;
    actor: AuditActor;
    now?: Date;
  },
): Promise<AdminOutcome> {
  const now = input.now ?? new Date();
  if (isBefore(input.dates.confirmBy, now))
    return {
      ok: false,
      status: 409,
      message: "The date to confirm has not passed yet: presenters can still answer themselves.",
    };
  return db.transaction().execute(async (trx): Promise<AdminOutcome> => {
    const row = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.number", "s.file_name", "u.id as userId", "u.email"])
      .where("s.id", "=", input.submissionId)
      .where("s.edition_year", "=", input.editionYear)
      .where("s.decision", "=", "accepted")
      .where("s.released_at", "is not", null)
      .executeTakeFirst();
    if (!row) return { ok: false, status: 404, message: "That abstract is not an accepted one." };
    await trx
      .updateTable("submission")
      .set({ attendance_reopened_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
    await recordAdminAction(trx, {
      action: "reopen-attendance",
      actor: input.actor,
      target: { userId: row.userId, email: row.email },
      details: `Abstract ${Number(row.number)} (${row.file_name})`,
    });
    return {
      ok: true,
      message: `The answer for abstract ${Number(row.number)} was reopened successfully: its presenter can answer once more.`,
    };
  });
}
