import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";
import { programPaths } from "./program-paths";
import type { PublishedProgram } from "./program-publish.server";
import { formatClockForPeople, parseClock, sessionKindLabels } from "./program-times";

/**
 * A published program as the public page and the edition page's Program section render it: times
 * already written for people and as instants (for <time dateTime>), every presentation with its
 * "add to calendar" address. Made from the frozen version only, like the calendars and the export.
 */
export type ProgramView = {
  version: number;
  publishedAt: string;
  sessions: ProgramSessionView[];
};

export type ProgramSessionView = {
  id: string;
  kind: ProgramSessionKind;
  kindLabel: string;
  title: string;
  starts: TimeView;
  ends: TimeView;
  room: string;
  chair: string | null;
  description: string | null;
  presentations: PresentationView[];
};

export type PresentationView = {
  slotId: string;
  format: PresentationFormat;
  title: string;
  /** A talk's own times; posters are presented for their whole session. */
  starts: TimeView | null;
  ends: TimeView | null;
  authors: { name: string; affiliation: string; presenting: boolean }[];
  calendarUrl: string;
};

/** "9:00 AM" and the moment it names, "2025-05-17T16:00:00.000Z". */
export type TimeView = { label: string; instant: string };

export function toProgramView(published: PublishedProgram): ProgramView {
  const { date } = published.program;
  const paths = programPaths({ year: published.editionYear });
  const time = (clock: string): TimeView => ({
    label: formatClockForPeople(parseClock(clock) ?? 0),
    instant: conferenceLocalTimeToIso(`${date}T${clock}`) ?? "",
  });
  return {
    version: published.version,
    publishedAt: published.publishedAt,
    sessions: published.program.sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      kindLabel: sessionKindLabels[session.kind],
      title: session.title,
      starts: time(session.startsAt),
      ends: time(session.endsAt),
      room: session.room,
      chair: session.chair,
      description: session.description,
      presentations: session.presentations.map((presentation) => ({
        slotId: presentation.slotId,
        format: presentation.format,
        title: presentation.title,
        starts: presentation.startsAt ? time(presentation.startsAt) : null,
        ends: presentation.endsAt ? time(presentation.endsAt) : null,
        authors: presentation.authors,
        calendarUrl: paths.presentationCalendar(presentation.slotId),
      })),
    })),
  };
}
