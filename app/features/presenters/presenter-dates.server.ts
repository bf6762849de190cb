import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import {
  conferenceLocalTimeToIso,
  formatConferenceDateTime,
  formatConferenceDeadline,
} from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { done, type Outcome, type Refusals, refuse } from "~/lib/outcome";

/**
 * The two presenter deadlines of an edition: answering the invitation (confirm or decline) and
 * uploading final materials. The edition's content gives them; an admin may move either one (a row in
 * `presenter_settings`), which is what a real committee does when the conference slips, and what the
 * tests do instead of faking the clock.
 */
export type PresenterDates = {
  /** UTC ISO instants. */
  confirmBy: string;
  materialsDue: string;
  /** As the site writes deadlines: "Tuesday, April 15, 2025, 11:59 PM Pacific Time". */
  confirmByText: string;
  materialsDueText: string;
  /** Whether each date is the content's (false once an admin moved it). */
  confirmByIsDefault: boolean;
  materialsDueIsDefault: boolean;
};

export async function getPresenterDates(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year" | "abstracts">,
): Promise<PresenterDates | null> {
  const acceptance = edition.abstracts?.acceptance;
  if (!acceptance) return null;
  const row = await db
    .selectFrom("presenter_settings")
    .select(["confirm_by", "materials_due"])
    .where("edition_year", "=", edition.year)
    .executeTakeFirst();
  const confirmBy = row?.confirm_by ?? contentMoment(acceptance.confirmByAt);
  const materialsDue = row?.materials_due ?? contentMoment(acceptance.materialsDueAt);
  return {
    confirmBy,
    materialsDue,
    confirmByText: formatConferenceDeadline(confirmBy),
    materialsDueText: formatConferenceDeadline(materialsDue),
    confirmByIsDefault: !row?.confirm_by,
    materialsDueIsDefault: !row?.materials_due,
  };
}

/** Whether `deadline` (a UTC ISO instant) has not yet passed at `now`. */
export function isBefore(deadline: string, now: Date = new Date()): boolean {
  return now.getTime() <= Date.parse(deadline);
}

function contentMoment(wallClock: string): string {
  const iso = conferenceLocalTimeToIso(wallClock);
  // The content schema checks the format, so this only fires on a content file that bypassed it.
  if (!iso) throw new Error(`Not a wall-clock time at the conference: ${wallClock}`);
  return iso;
}

/** A refused date: the reason is the form field that holds it. */
export type PresenterDatesRefusal = "confirmBy" | "materialsDue";

export const presenterDatesRefusals: Refusals<PresenterDatesRefusal> = {
  confirmBy: { status: 400, message: "Please enter the confirm-by date as a date and time." },
  materialsDue: {
    status: 400,
    message: "Please enter the final-materials date as a date and time.",
  },
};

/**
 * Moves the edition's presenter deadlines. Each field is a wall-clock time at the conference
 * ("2025-04-15T23:59", what a datetime-local input sends); empty goes back to the content's date.
 * The form shows the content's date in a field nobody moved, so that date is stored as "none" too:
 * saving one field must not pin the other, which would stop following a later content change.
 */
export async function savePresenterDates(
  db: Kysely<Database>,
  input: {
    edition: Pick<EditionContent, "year" | "abstracts">;
    confirmBy: string;
    materialsDue: string;
    actor: AuditActor;
  },
): Promise<Outcome<undefined, PresenterDatesRefusal>> {
  const acceptance = input.edition.abstracts?.acceptance;
  const parse = (value: string, contentWallClock: string | undefined) => {
    const trimmed = value.trim().slice(0, 40);
    if (!trimmed) return { ok: true as const, iso: null };
    const iso = conferenceLocalTimeToIso(trimmed);
    if (!iso) return { ok: false as const };
    const isContentDate = contentWallClock !== undefined && iso === contentMoment(contentWallClock);
    return { ok: true as const, iso: isContentDate ? null : iso };
  };
  const confirmBy = parse(input.confirmBy, acceptance?.confirmByAt);
  if (!confirmBy.ok) return refuse("confirmBy");
  const materialsDue = parse(input.materialsDue, acceptance?.materialsDueAt);
  if (!materialsDue.ok) return refuse("materialsDue");
  const values = {
    confirm_by: confirmBy.iso,
    materials_due: materialsDue.iso,
    updated_at: new Date().toISOString(),
    updated_by: input.actor.userId,
  };
  await db.transaction().execute(async (trx) => {
    // Only a change is stored and audited: the same dates sent again (a resent form, or two releases
    // at once that both moved them, which PostgreSQL lets both read as unmoved) record nothing more.
    const changed = await trx
      .insertInto("presenter_settings")
      .values({ edition_year: input.edition.year, ...values })
      .onConflict((conflict) =>
        conflict
          .column("edition_year")
          .doUpdateSet(values)
          .where((eb) =>
            eb.or([
              eb(
                "presenter_settings.confirm_by",
                "is distinct from",
                eb.ref("excluded.confirm_by"),
              ),
              eb(
                "presenter_settings.materials_due",
                "is distinct from",
                eb.ref("excluded.materials_due"),
              ),
            ]),
          ),
      )
      .returning("edition_year")
      .executeTakeFirst();
    if (!changed) return;
    const describe = (iso: string | null) =>
      iso ? formatConferenceDateTime(iso) : "the content's date";
    await recordAdminAction(trx, {
      action: "update-presenter-settings",
      actor: input.actor,
      details: `${input.edition.year}: confirm by ${describe(confirmBy.iso)}; final materials by ${describe(materialsDue.iso)}`,
    });
  });
  return done();
}
