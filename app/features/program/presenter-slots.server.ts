import type { Kysely } from "kysely";
import type { EditionContent } from "~/content/sculc/edition-types";
import { formatLongDate } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { isProgramBuiltInSite, programPaths } from "./program-paths";
import { type PublishedProgram, readPublishedProgram } from "./program-publish.server";
import { formatClockForPeople, parseClock } from "./program-times";

/** Where and when one presentation is in the published program, as its presenter's page shows it. */
export type PresenterSlot = {
  session: string;
  room: string;
  /** "Saturday, May 17, 2025" */
  dayText: string;
  /** "9:00 AM – 9:20 AM Pacific Time": a poster's are its session's. */
  timeText: string;
  /** The presentation's own "add to calendar" file (the program's calendar export, one event). */
  calendarHref: string;
};

/**
 * Each given abstract's slots in a published program (an abstract placed twice has two), in program
 * order; an abstract the program does not hold has none.
 */
export function findPresenterSlots(
  published: PublishedProgram,
  submissionIds: readonly string[],
  calendarHref: (slotId: string) => string,
): Map<string, PresenterSlot[]> {
  const wanted = new Set(submissionIds);
  const slots = new Map<string, PresenterSlot[]>();
  const dayText = formatLongDate(published.program.date);
  for (const session of published.program.sessions)
    for (const presentation of session.presentations) {
      if (!wanted.has(presentation.submissionId)) continue;
      const startsAt = parseClock(presentation.startsAt ?? session.startsAt) ?? 0;
      const endsAt = parseClock(presentation.endsAt ?? session.endsAt) ?? 0;
      const list = slots.get(presentation.submissionId) ?? [];
      list.push({
        session: session.title,
        room: session.room,
        dayText,
        // Spaced, so a narrow screen breaks the line between the times, not inside one.
        timeText: `${formatClockForPeople(startsAt)} – ${formatClockForPeople(endsAt)} Pacific Time`,
        calendarHref: calendarHref(presentation.slotId),
      });
      slots.set(presentation.submissionId, list);
    }
  return slots;
}

/**
 * The presenter's slots in the edition's latest published program; null while nothing is published (or
 * the edition's program is not built in the site), so the page says the program is still to come.
 */
export async function loadPresenterSlots(
  db: Kysely<Database>,
  edition: Pick<EditionContent, "year" | "abstracts" | "pages">,
  submissionIds: readonly string[],
): Promise<Map<string, PresenterSlot[]> | null> {
  if (!isProgramBuiltInSite(edition)) return null;
  const published = await readPublishedProgram(db, edition.year);
  if (!published) return null;
  return findPresenterSlots(published, submissionIds, programPaths(edition).presentationCalendar);
}
