import type { EditionContent } from "~/content/sculc/edition-types";
import type { PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";

/**
 * Program times are minutes after local midnight on the conference day (America/Los_Angeles). The
 * conference is one day, and no daylight saving change falls between 08:00 and midnight, so minutes
 * add and compare as plain numbers; only calendars turn them into moments.
 */
export const minutesPerDay = 24 * 60;

export const defaultProgramHours = { opens: "08:00", closes: "20:00" } as const;

/** 15 + 5, what SCULC has always given a talk, for editions without a call in their content. */
const fallbackTalkMinutes = 20;

export type ProgramEdition = Pick<EditionContent, "year" | "date" | "abstracts" | "programHours">;

/** What the program needs from an edition's content. */
export function programSettingsOf(edition: ProgramEdition) {
  const hours = edition.programHours ?? defaultProgramHours;
  const talk = edition.abstracts?.talk;
  return {
    editionYear: edition.year,
    date: edition.date,
    opens: parseClock(hours.opens) ?? 0,
    closes: parseClock(hours.closes) ?? minutesPerDay,
    defaultTalkMinutes: talk ? talk.minutes + talk.questionMinutes : fallbackTalkMinutes,
  };
}

export type ProgramSettings = ReturnType<typeof programSettingsOf>;

/** "09:05" or "9:05" (what a time field sends), "24:00" for midnight at the end: minutes, else null. */
export function parseClock(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** 545 -> "09:05": the value of a time field, and of the JSON export. */
export function formatClock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** 545 -> "9:05 AM", as the site writes times. */
export function formatClockForPeople(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

/** "9:00 AM-10:30 AM" */
export function formatTimeRange(startsAt: number, endsAt: number): string {
  return `${formatClockForPeople(startsAt)}-${formatClockForPeople(endsAt)}`;
}

/** Where and when a presentation is, as its presenters read it: "9:00 AM-9:20 AM, Morning talks, Hall A". */
export function formatPlacement(placement: {
  session: string;
  room: string;
  startsAt: string;
  endsAt: string;
}): string {
  const range = formatTimeRange(
    parseClock(placement.startsAt) ?? 0,
    parseClock(placement.endsAt) ?? 0,
  );
  return `${range}, ${placement.session}${placement.room ? `, ${placement.room}` : ""}`;
}

/** What the editor's type menu and the public program call each kind of session. */
export const sessionKindLabels: Record<ProgramSessionKind, string> = {
  talks: "Talks",
  posters: "Posters",
  keynote: "Keynote",
  break: "Break",
  lunch: "Lunch",
  other: "Other",
};

/** Which presentations a session holds; the other kinds hold none. */
export const formatOfKind: Partial<Record<ProgramSessionKind, PresentationFormat>> = {
  talks: "talk",
  posters: "poster",
};
