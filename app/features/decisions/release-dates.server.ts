import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import {
  getPresenterDates,
  isBefore,
  type PresenterDates,
  savePresenterDates,
} from "~/features/presenters/presenter-dates.server";
import type { AuditActor } from "~/lib/audit.server";
import { isoToConferenceLocalTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { done, type Outcome, refuse } from "~/lib/outcome";
import type { DecisionRefusal } from "./decision-messages";

/**
 * The presenter dates an acceptance mail promises. Releasing an acceptance asks its presenters to
 * confirm by one date and upload final materials by another, so neither may have passed: the release
 * form shows both, lets the admin move them in the same post, and is refused while either is past
 * (decision record 0020). A release of only alternates and rejections promises no date.
 */
export type ReleaseDatesView = {
  confirmByText: string;
  confirmByLocal: string;
  confirmByHasPassed: boolean;
  materialsDueText: string;
  materialsDueLocal: string;
  materialsDueHasPassed: boolean;
};

export function releaseDatesView(dates: PresenterDates, now: Date = new Date()): ReleaseDatesView {
  return {
    confirmByText: dates.confirmByText,
    confirmByLocal: isoToConferenceLocalTime(dates.confirmBy),
    confirmByHasPassed: !isBefore(dates.confirmBy, now),
    materialsDueText: dates.materialsDueText,
    materialsDueLocal: isoToConferenceLocalTime(dates.materialsDue),
    materialsDueHasPassed: !isBefore(dates.materialsDue, now),
  };
}

/** Whether any staged decision of the edition is an acceptance (the ones whose mail names dates). */
async function hasStagedAcceptance(db: Kysely<Database>, editionYear: number): Promise<boolean> {
  const row = await db
    .selectFrom("submission")
    .select("id")
    .where("edition_year", "=", editionYear)
    .where("decision", "=", "accepted")
    .where("released_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Before a release: saves the dates the release form moved (a field left as shown is not saved, so the
 * content's date stays followed), then refuses if a staged acceptance would promise a past date.
 */
export async function prepareReleaseDates(
  db: Kysely<Database>,
  input: {
    edition: Pick<EditionContent, "year" | "abstracts">;
    /** The release form's fields; absent when the edition has no presenter dates. */
    confirmBy: string | undefined;
    materialsDue: string | undefined;
    actor: AuditActor;
    now?: Date;
  },
): Promise<Outcome<undefined, DecisionRefusal>> {
  const now = input.now ?? new Date();
  let dates = await getPresenterDates(db, input.edition);
  if (!dates) return done();
  const shown = releaseDatesView(dates, now);
  const confirmBy = input.confirmBy?.trim() ?? "";
  const materialsDue = input.materialsDue?.trim() ?? "";
  const moved =
    (confirmBy !== "" && confirmBy !== shown.confirmByLocal) ||
    (materialsDue !== "" && materialsDue !== shown.materialsDueLocal);
  if (moved) {
    const saved = await savePresenterDates(db, {
      edition: input.edition,
      confirmBy: confirmBy || shown.confirmByLocal,
      materialsDue: materialsDue || shown.materialsDueLocal,
      actor: input.actor,
    });
    if (!saved.ok)
      return refuse(saved.reason === "confirmBy" ? "confirmByInvalid" : "materialsDueInvalid");
    dates = (await getPresenterDates(db, input.edition)) ?? dates;
  }
  if (!(await hasStagedAcceptance(db, input.edition.year))) return done();
  const view = releaseDatesView(dates, now);
  if (view.confirmByHasPassed) return refuse("confirmByPassed");
  if (view.materialsDueHasPassed) return refuse("materialsDuePassed");
  return done();
}
