import type { Kysely } from "kysely";
import { site } from "~/content/site";
import { queueMailToAdmins } from "~/features/accounts/mail-admins.server";
import { abstractLabel } from "~/features/submissions/submission-details";
import type { Attendance, Database } from "~/lib/db/schema";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { PresenterDeps } from "./attendance.server";

/**
 * The admins hear about presenters' answers at most once an hour per abstract (decision 0018): a
 * presenter flipping between confirm and decline used to mail every admin on every decline. A change
 * within the hour after a mail is held and folded into the next one, which says the answer as it then
 * stands; it goes out with the next answer anyone gives once the hour has passed. An answer the admins
 * already know of (a decline, undone and redone within the hour) is not mailed again. Until they are
 * told otherwise, admins assume a presenter comes, so a first confirmation is never mailed.
 */
export const attendanceMailIntervalMs = 60 * 60 * 1000;

type Due = {
  id: string;
  number: number;
  title: string;
  file_name: string;
  attendance: Attendance | null;
  attendance_admins_told: Attendance | null;
  attendance_admins_mailed_at: string | null;
  email: string;
};

/**
 * Mails the admins about every abstract whose answer differs from what they were last told and whose
 * last mail is an hour old (or none). Each abstract is claimed by a conditional update first, so two
 * answers at once mail once. A failure to queue is logged; the answers stand.
 */
export async function mailAdminsAboutAnswers(
  deps: PresenterDeps,
  input: { configuredAdminEmails: readonly string[]; presentersUrl: string; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  const mailedBefore = new Date(now.getTime() - attendanceMailIntervalMs).toISOString();
  const due: Due[] = await deps.db
    .selectFrom("submission as s")
    .innerJoin("user as u", "u.id", "s.user_id")
    .select([
      "s.id",
      "s.number",
      "s.title",
      "s.file_name",
      "s.attendance",
      "s.attendance_admins_told",
      "s.attendance_admins_mailed_at",
      "u.email",
    ])
    .where("s.attendance", "is not", null)
    .where((eb) =>
      eb.or([
        eb("s.attendance_admins_told", "is", null).and("s.attendance", "=", "declined"),
        eb("s.attendance_admins_told", "is not", null).and(
          "s.attendance",
          "!=",
          eb.ref("s.attendance_admins_told"),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb("s.attendance_admins_mailed_at", "is", null),
        eb("s.attendance_admins_mailed_at", "<=", mailedBefore),
      ]),
    )
    .orderBy("s.number")
    .execute();
  let mailed = 0;
  for (const row of due) {
    const abstract = {
      number: Number(row.number),
      label: abstractLabel({ title: row.title, fileName: row.file_name }),
      presenterEmail: row.email,
      presentersUrl: input.presentersUrl,
    };
    // The claim and the admins' mail commit together: a crash between them neither loses the mail
    // nor marks it sent.
    const isClaimed = await deps.db
      .transaction()
      .execute(async (trx) => {
        if (!(await claim(trx, row, now))) return false;
        await queueMailToAdmins(
          { db: trx, mailer: deps.mailer },
          {
            configuredAdminEmails: input.configuredAdminEmails,
            cause: `${row.email} ${row.attendance === "declined" ? "declined" : "confirmed again"} abstract ${abstract.number}`,
            messageTo: (to) =>
              row.attendance === "declined"
                ? declinedEmail({ to, ...abstract })
                : confirmedAgainEmail({ to, ...abstract }),
          },
        );
        return true;
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, "could not queue the admins' mail about a presenter's answer");
        return false;
      });
    if (isClaimed) mailed++;
  }
  if (mailed) deps.mailer.wake();
  return mailed;
}

/** Takes the mail for this abstract, unless another request took it since it was read. */
async function claim(db: Kysely<Database>, row: Due, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("submission")
    .set({ attendance_admins_told: row.attendance, attendance_admins_mailed_at: now.toISOString() })
    .where("id", "=", row.id)
    .where((eb) =>
      row.attendance_admins_mailed_at === null
        ? eb("attendance_admins_mailed_at", "is", null)
        : eb("attendance_admins_mailed_at", "=", row.attendance_admins_mailed_at),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type AnswerMail = {
  to: string;
  number: number;
  label: string;
  presenterEmail: string;
  presentersUrl: string;
};

function declinedEmail(input: AnswerMail): MailMessage {
  const lines = [
    `${input.presenterEmail} declined to present abstract ${input.number}: ${input.label}.`,
    "Its place in the program is free. You can promote an alternate on the presenters page:",
    input.presentersUrl,
    "You hear about an abstract's answer at most once an hour; the presenters page always shows the latest.",
  ];
  return {
    to: input.to,
    subject: `Abstract ${input.number} was declined | ${site.shortName}`,
    text: `${lines.join("\n\n")}\n\n— ${site.name}\n`,
    kind: "attendance-notice",
  };
}

function confirmedAgainEmail(input: AnswerMail): MailMessage {
  const lines = [
    `${input.presenterEmail} now confirms they will present abstract ${input.number}: ${input.label}. They had declined before.`,
    "If you already promoted an alternate in its place, check the presenters page:",
    input.presentersUrl,
    "You hear about an abstract's answer at most once an hour; the presenters page always shows the latest.",
  ];
  return {
    to: input.to,
    subject: `Abstract ${input.number} is confirmed again | ${site.shortName}`,
    text: `${lines.join("\n\n")}\n\n— ${site.name}\n`,
    kind: "attendance-notice",
  };
}
