import crypto from "node:crypto";
import { TZDate } from "@date-fns/tz";
import ical, { type ICalCalendar } from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { editionName } from "~/content/conference";
import { conferenceLocalTimeToIso } from "~/lib/dates";
import type { PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";
import type { PublishedProgram } from "./program-publish.server";
import type { SnapshotPresentation, SnapshotSession } from "./program-snapshot";

/**
 * Calendars and the JSON export of a published program. Both are made from the frozen version only, so
 * they match the page visitors see and never show the draft.
 *
 * Events carry local times with TZID=America/Los_Angeles and the zone's VTIMEZONE (RFC 5545 3.6.5),
 * from timezones-ical-library (the IANA rules, updated with each release). Times go in as @date-fns/tz
 * TZDates because ical-generator formats a plain Date with a TZID in the server's own zone.
 * UIDs are stable across versions, so a calendar app that imports a new version updates its events
 * instead of adding copies: a session's from its id, a presentation's from its abstract (a hash, so
 * the export does not reveal internal ids), and SEQUENCE is the version number.
 */
const timeZone = "America/Los_Angeles";

type CalendarOptions = {
  /** The site's host name, the right-hand side of every UID ("sculc.example.edu"). */
  host: string;
  /** The program page, linked from every event. */
  programUrl: string;
};

function newCalendar(options: CalendarOptions, name: string) {
  const calendar = ical({
    name,
    prodId: { company: options.host, product: "program", language: "EN" },
    url: options.programUrl,
  });
  // A generator without a calendar-wide zone name: each event's TZID gets its VTIMEZONE, and DTSTAMP
  // stays in UTC as RFC 5545 requires (with a calendar-wide zone, ical-generator writes it local).
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  calendar.x([["X-WR-TIMEZONE", timeZone]]);
  return calendar;
}

function moment(date: string, clock: string): TZDate {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = clock.split(":").map(Number);
  return new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone);
}

const presentationKey = (editionYear: number, submissionId: string) =>
  crypto.createHash("sha256").update(`${editionYear}:${submissionId}`).digest("hex").slice(0, 24);

const byline = (presentation: SnapshotPresentation) =>
  presentation.authors
    .map(
      (author) =>
        `${author.name}${author.affiliation ? ` (${author.affiliation})` : ""}${author.presenting ? ", presenting" : ""}`,
    )
    .join("; ");

function addSessionEvent(
  calendar: ICalCalendar,
  published: PublishedProgram,
  session: SnapshotSession,
  options: CalendarOptions,
) {
  const lines = [
    session.description,
    session.chair ? `Chair: ${session.chair}` : null,
    ...session.presentations.map(
      (presentation) =>
        `${presentation.startsAt ? `${presentation.startsAt} ` : ""}${presentation.title} — ${byline(presentation)}`,
    ),
  ].filter((line): line is string => Boolean(line));
  calendar.createEvent({
    id: `sculc-${published.editionYear}-session-${session.id}@${options.host}`,
    sequence: published.version,
    stamp: new Date(published.publishedAt),
    lastModified: new Date(published.publishedAt),
    start: moment(published.program.date, session.startsAt),
    end: moment(published.program.date, session.endsAt),
    timezone: timeZone,
    summary: `${session.title}`,
    location: session.room || null,
    description: lines.join("\n") || null,
    url: options.programUrl,
  });
}

function addPresentationEvent(
  calendar: ICalCalendar,
  published: PublishedProgram,
  session: SnapshotSession,
  presentation: SnapshotPresentation,
  occurrence: number,
  options: CalendarOptions,
) {
  const key = presentationKey(published.editionYear, presentation.submissionId);
  calendar.createEvent({
    id: `sculc-${published.editionYear}-presentation-${key}${occurrence ? `-${occurrence + 1}` : ""}@${options.host}`,
    sequence: published.version,
    stamp: new Date(published.publishedAt),
    lastModified: new Date(published.publishedAt),
    start: moment(published.program.date, presentation.startsAt ?? session.startsAt),
    end: moment(published.program.date, presentation.endsAt ?? session.endsAt),
    timezone: timeZone,
    summary: `${presentation.format === "poster" ? "Poster: " : ""}${presentation.title}`,
    location: session.room || null,
    description: `${byline(presentation)}\n${session.title}`,
    url: options.programUrl,
  });
}

/**
 * The whole program: one event per session (talk sessions list their talks), and one per talk or
 * poster, so a visitor sees the talks at their own times.
 */
export function programCalendar(published: PublishedProgram, options: CalendarOptions): string {
  const calendar = newCalendar(options, `${editionName(published.editionYear)} program`);
  const occurrences = new Map<string, number>();
  for (const session of published.program.sessions) {
    addSessionEvent(calendar, published, session, options);
    for (const presentation of session.presentations) {
      const seen = occurrences.get(presentation.submissionId) ?? 0;
      occurrences.set(presentation.submissionId, seen + 1);
      addPresentationEvent(calendar, published, session, presentation, seen, options);
    }
  }
  return calendar.toString();
}

/**
 * One presentation's "add to calendar" file, by its slot id; null when this version has no such slot.
 * Its UID is the same as in the whole program's calendar.
 */
export function presentationCalendar(
  published: PublishedProgram,
  slotId: string,
  options: CalendarOptions,
): string | null {
  const occurrences = new Map<string, number>();
  for (const session of published.program.sessions)
    for (const presentation of session.presentations) {
      const seen = occurrences.get(presentation.submissionId) ?? 0;
      occurrences.set(presentation.submissionId, seen + 1);
      if (presentation.slotId !== slotId) continue;
      const calendar = newCalendar(options, presentation.title);
      addPresentationEvent(calendar, published, session, presentation, seen, options);
      return calendar.toString();
    }
  return null;
}

/**
 * The JSON export, for other tools (schedule apps, signage). Version 1 of this shape:
 *
 *   { format: "sculc-program", formatVersion: 1, edition: 2025, version: 3,
 *     publishedAt: "2025-05-01T17:00:00.000Z", date: "2025-05-17",
 *     timeZone: "America/Los_Angeles",
 *     sessions: [{ id, kind, title, room, chair, description,
 *                  startsAt: "09:00", endsAt: "10:30",             (local, 24-hour)
 *                  start: "2025-05-17T16:00:00.000Z", end: ...,   (UTC instants)
 *                  presentations: [{ id, format, title, startsAt, endsAt, start, end,
 *                                    authors: [{ name, affiliation, presenting }] }] }] }
 *
 * A presentation's `id` is its stable calendar key; posters have their session's times. Fields are
 * only ever added within formatVersion 1.
 */
export type ProgramExport = {
  format: "sculc-program";
  formatVersion: 1;
  edition: number;
  version: number;
  publishedAt: string;
  date: string;
  timeZone: string;
  sessions: {
    id: string;
    kind: ProgramSessionKind;
    title: string;
    room: string;
    chair: string | null;
    description: string | null;
    startsAt: string;
    endsAt: string;
    start: string;
    end: string;
    presentations: {
      id: string;
      format: PresentationFormat;
      title: string;
      startsAt: string;
      endsAt: string;
      start: string;
      end: string;
      authors: { name: string; affiliation: string; presenting: boolean }[];
    }[];
  }[];
};

export function programExport(published: PublishedProgram): ProgramExport {
  const { date } = published.program;
  const instant = (clock: string) => conferenceLocalTimeToIso(`${date}T${clock}`) ?? "";
  return {
    format: "sculc-program",
    formatVersion: 1,
    edition: published.editionYear,
    version: published.version,
    publishedAt: published.publishedAt,
    date,
    timeZone: published.program.timeZone,
    sessions: published.program.sessions.map((session) => ({
      id: session.id,
      kind: session.kind,
      title: session.title,
      room: session.room,
      chair: session.chair,
      description: session.description,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      start: instant(session.startsAt),
      end: instant(session.endsAt),
      presentations: session.presentations.map((presentation) => {
        const startsAt = presentation.startsAt ?? session.startsAt;
        const endsAt = presentation.endsAt ?? session.endsAt;
        return {
          id: presentationKey(published.editionYear, presentation.submissionId),
          format: presentation.format,
          title: presentation.title,
          startsAt,
          endsAt,
          start: instant(startsAt),
          end: instant(endsAt),
          authors: presentation.authors.map((author) => ({ ...author })),
        };
      }),
    })),
  };
}
