import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { loadMailTemplates } from "~/features/mail-templates/mail-template-store.server";
import type { MailTemplateValues } from "~/features/mail-templates/mail-templates";
import { abstractLabel } from "~/features/submissions/submission-details";
import { listAuthors } from "~/features/submissions/submission-details.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import type { MailMessage } from "~/lib/mail/mailer.server";
import { done, type Outcome, type Refusals, refuse } from "~/lib/outcome";
import {
  type PresenterAbstract,
  type PresenterDeps,
  presenterColumns,
  toPresenterAbstract,
} from "./attendance.server";
import { isBefore, type PresenterDates } from "./presenter-dates.server";

// The admins' side of the invitations: who answered what, one reminder to those still waiting, and
// reopening one presenter's answer after the date.

export type PresentersAdminRefusal = "reminder-too-late" | "reopen-too-early" | "not-accepted";

export const presentersAdminRefusals: Refusals<PresentersAdminRefusal> = {
  "reminder-too-late": {
    status: 409,
    message:
      "The date to confirm has passed, so a reminder would ask for an answer nobody can give. Move the date first, or reopen the answer for one presenter.",
  },
  "reopen-too-early": {
    status: 409,
    message: "The date to confirm has not passed yet: presenters can still answer themselves.",
  },
  "not-accepted": { status: 404, message: "That abstract is not an accepted one." },
};

/** What the presenters page says after an admin's command went through. */
export const presentersAdminMessages = {
  reminded: (mailed: number) =>
    mailed
      ? `Reminded ${mailed} ${mailed === 1 ? "presenter" : "presenters"} successfully.`
      : "Nobody is waiting who has not been reminded already.",
  reopened: (number: number) =>
    `The answer for abstract ${number} was reopened successfully: its presenter can answer once more.`,
  datesSaved: "The presenter dates were saved successfully.",
} as const;

export type AdminPresenterAbstract = PresenterAbstract & {
  submitterName: string;
  /** The name's parts, for mail that greets the presenter (group-mail). */
  submitterFirstName: string;
  submitterLastName: string;
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
      submitterFirstName: row.firstName,
      submitterLastName: row.lastName,
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

/**
 * One reminder to each waiting presenter (the submitting account), once: an abstract already reminded
 * is not mailed again, so a double click or a replayed form sends nothing twice. Refused after the
 * confirm-by date, when waiting presenters can no longer answer.
 */
export async function remindWaitingPresenters(
  deps: PresenterDeps,
  input: {
    editionYear: number;
    dates: PresenterDates;
    congratulationsUrl: string;
    actor: AuditActor;
    now?: Date;
  },
): Promise<Outcome<{ mailed: number }, PresentersAdminRefusal>> {
  const now = input.now ?? new Date();
  if (!isBefore(input.dates.confirmBy, now)) return refuse("reminder-too-late");
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
    if (!claimed.length) return [] as MailMessage[];
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
    const messages = await presenterReminders(trx, rows, input);
    await deps.mailer.queue(trx, messages, `Presenters reminded by ${input.actor.label}`);
    return messages;
  });
  deps.mailer.wake();
  return done({ mailed: waiting.length });
}

type ReminderRow = { email: string; firstName: string | null; title: string; file_name: string };

/** The waiting abstracts by submitting account (by address), in the order given. */
function bySubmitter(rows: readonly ReminderRow[]): ReminderRow[][] {
  const grouped = new Map<string, ReminderRow[]>();
  for (const row of rows)
    grouped.set(row.email.toLowerCase(), [...(grouped.get(row.email.toLowerCase()) ?? []), row]);
  return [...grouped.values()];
}

/** What one submitter's reminder is filled with: their waiting abstracts and where to answer. */
export function presenterReminderValues(
  theirs: readonly ReminderRow[],
  input: {
    editionYear: number;
    dates: Pick<PresenterDates, "confirmByText">;
    congratulationsUrl: string;
  },
): MailTemplateValues<"presenter-reminder"> {
  return {
    name: theirs[0]?.firstName || "author",
    conference: editionName(input.editionYear),
    abstracts: theirs
      .map((row) => `- ${abstractLabel({ title: row.title, fileName: row.file_name })}`)
      .join("\n\n"),
    confirm_by: `by ${input.dates.confirmByText}`,
    congratulations_link: input.congratulationsUrl,
  };
}

/** One reminder per submitting account, listing each of its waiting abstracts. */
async function presenterReminders(
  db: Kysely<Database>,
  rows: ReminderRow[],
  input: { editionYear: number; dates: PresenterDates; congratulationsUrl: string },
): Promise<MailMessage[]> {
  // Read in the reminder's transaction: the messages use the template as saved at this moment.
  const templates = await loadMailTemplates(db);
  return bySubmitter(rows).flatMap((theirs) => {
    const [first] = theirs;
    if (!first) return [];
    const { subject, text } = templates.render(
      "presenter-reminder",
      presenterReminderValues(theirs, input),
    );
    return [{ to: first.email, subject, text, kind: "presenter-reminder" as const }];
  });
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
): Promise<Outcome<{ number: number }, PresentersAdminRefusal>> {
  const now = input.now ?? new Date();
  if (isBefore(input.dates.confirmBy, now)) return refuse("reopen-too-early");
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select(["s.id", "s.number", "s.file_name", "u.id as userId", "u.email"])
      .where("s.id", "=", input.submissionId)
      .where("s.edition_year", "=", input.editionYear)
      .where("s.decision", "=", "accepted")
      .where("s.released_at", "is not", null)
      .executeTakeFirst();
    if (!row) return refuse("not-accepted" as const);
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
    return done({ number: Number(row.number) });
  });
}
