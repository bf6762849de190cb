import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { type Edition, editionPath } from "~/content/editions";
import type { ProgramItem } from "~/content/sculc/program-types";
import { programs } from "~/content/sculc/programs";
import { formatConferenceDateTime, formatLongDate } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { programPaths } from "./program-paths";
import { readPublishedProgram } from "./program-publish.server";
import { type ProgramView, toProgramView } from "./program-view";

export type ProgramPageData = {
  title: string;
  editionName: string;
  dateLabel: string;
  timeLabel: string;
  venue: string;
  paths: { edition: string; calendar: string; json: string };
  /** The latest published version; null until the committee publishes one. */
  published: (ProgramView & { publishedAtLabel: string }) | null;
  /** Until then: the schedule the edition's content announces (empty when it has none). */
  announced: ProgramItem[];
};

/** The `/sculc-{year}-program` page of a site-built edition, from its latest published version. */
export async function loadProgramPage(
  db: Kysely<Database>,
  edition: Edition,
): Promise<ProgramPageData> {
  const published = await readPublishedProgram(db, edition.year);
  const paths = programPaths(edition);
  return {
    title: `${editionName(edition.year)} program`,
    editionName: editionName(edition.year),
    dateLabel: formatLongDate(edition.date),
    timeLabel: `${edition.startTime} to ${edition.endTime}`,
    venue: edition.venue,
    paths: { edition: editionPath(edition), calendar: paths.calendar, json: paths.json },
    published: published
      ? {
          ...toProgramView(published),
          publishedAtLabel: formatConferenceDateTime(published.publishedAt),
        }
      : null,
    announced: published
      ? []
      : (programs.find((program) => program.year === edition.year)?.items ?? []),
  };
}

/** The latest published program of an edition, for its edition page's Program section; else null. */
export async function readProgramView(
  db: Kysely<Database>,
  editionYear: number,
): Promise<ProgramView | null> {
  const published = await readPublishedProgram(db, editionYear);
  return published ? toProgramView(published) : null;
}
