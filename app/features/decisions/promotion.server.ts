import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { isBefore, type PresenterDates } from "~/features/presenters/presenter-dates.server";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database, PresentationFormat } from "~/lib/db/schema";
import type { Mailer } from "~/lib/mail/mailer.server";
import { done, type Outcome, refuse } from "~/lib/outcome";
import { type DecisionMailLinks, queueDecisionMail } from "./decision-mail.server";
import type { DecisionRefusal } from "./decision-messages";

type Deps = { db: Kysely<Database>; mailer: Mailer; logger: Pick<Logger, "error"> };

/**
 * Promotes a released alternate to an acceptance (as a talk or a poster), at once: no staging, since the
 * author was already told they were waiting. They get the acceptance mail (with their co-authors) and
 * the same confirmation step; promoted after the confirm-by date, their answer starts reopened. Its
 * value is the abstract's number, for the page's message.
 */
export async function promoteAlternate(
  deps: Deps,
  input: {
    submissionId: string;
    editionYear: number;
    acceptedAs: PresentationFormat;
    dates: PresenterDates;
    links: Omit<DecisionMailLinks, "editionYear">;
    actor: AuditActor;
    now?: Date;
  },
): Promise<Outcome<{ number: number }, Extract<DecisionRefusal, "notAlternate">>> {
  const now = input.now ?? new Date();
  const promoted = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("submission as s")
      .innerJoin("user as u", "u.id", "s.user_id")
      .select([
        "s.id",
        "s.number",
        "s.title",
        "s.file_name",
        "s.decision",
        "u.id as userId",
        "u.email",
      ])
      .where("s.id", "=", input.submissionId)
      .where("s.edition_year", "=", input.editionYear)
      .where("s.released_at", "is not", null)
      .executeTakeFirst();
    if (row?.decision !== "alternate") return null;
    const updated = await trx
      .updateTable("submission")
      .set({
        decision: "accepted",
        accepted_as: input.acceptedAs,
        promoted_at: now.toISOString(),
        decided_by: input.actor.label,
        decided_at: now.toISOString(),
        attendance: null,
        attendance_at: null,
        attendance_reopened_at: isBefore(input.dates.confirmBy, now) ? null : now.toISOString(),
      })
      .where("id", "=", row.id)
      .where("decision", "=", "alternate")
      .executeTakeFirst();
    // Promoted a moment ago by another admin (PostgreSQL re-checks the condition): one mail, one entry.
    if (Number(updated.numUpdatedRows) === 0) return null;
    await recordAdminAction(trx, {
      action: "promote-alternate",
      actor: input.actor,
      target: { userId: row.userId, email: row.email },
      details: `Abstract ${Number(row.number)} (${row.file_name}) as a ${input.acceptedAs}`,
    });
    await queueDecisionMail(
      { db: trx, mailer: deps.mailer },
      [
        {
          id: row.id,
          title: row.title,
          fileName: row.file_name,
          decision: "accepted",
          acceptedAs: input.acceptedAs,
        },
      ],
      { ...input.links, editionYear: input.editionYear },
      { cause: `Alternate ${Number(row.number)} promoted by ${input.actor.label}` },
    );
    return row;
  });
  if (!promoted) return refuse("notAlternate");
  deps.mailer.wake();
  return done({ number: Number(promoted.number) });
}
