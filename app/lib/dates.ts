import { boundedMemo } from "./bounded-memo";

/**
 * Dates in content are calendar days (YYYY-MM-DD) in the conference's time zone. They are formatted as
 * calendar days, never shifted by the reader's or the server's time zone.
 */
export const conferenceTimeZone = "America/Los_Angeles";

// Building an Intl.DateTimeFormat loads locale and zone data (tens of microseconds, several per page);
// a formatter is immutable and reusable, so each one is built once.
const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const conferenceDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: conferenceTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const conferenceDateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: conferenceTimeZone,
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const conferenceWallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: conferenceTimeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "Saturday, May 17, 2025" */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Today's calendar day where the conference is, as YYYY-MM-DD. */
export function todayInConferenceTimeZone(now: Date = new Date()): string {
  return conferenceDay.format(now);
}

/**
 * A moment as people at the conference read it, zone named: "Mar 3, 2025, 4:05 PM PST". Naming the zone
 * makes each format call cost tens of microseconds, and the same stored moments (a session's sign-in, an
 * upload) come back on every view of a page: their texts are kept, up to a bound.
 */
export const formatConferenceDateTime = boundedMemo(
  (isoMoment) => conferenceDateTime.format(new Date(isoMoment)),
  // An ISO moment is at most 30 characters.
  { limit: 2_000, maxKeyLength: 64 },
);

/** A UTC moment as a datetime-local field at the conference shows it ("2025-03-21T23:59"). */
export function isoToConferenceLocalTime(isoMoment: string): string {
  const parts = conferenceWallClock.formatToParts(new Date(isoMoment));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * A wall-clock time at the conference ("2025-03-21T23:59", as a datetime-local field gives it) as a UTC
 * moment, whatever the server's own time zone, daylight saving included.
 */
export function conferenceLocalTimeToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const asUtc = new Date(`${local}:00Z`);
  if (Number.isNaN(asUtc.getTime())) return null;
  // The zone's offset at that moment, found by formatting it there; once more in case DST differs.
  let guess = asUtc.getTime();
  for (let pass = 0; pass < 2; pass++) {
    const parts = conferenceWallClock.formatToParts(new Date(guess));
    const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "00";
    const shown = Date.parse(
      `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:00Z`,
    );
    guess += asUtc.getTime() - shown;
  }
  return new Date(guess).toISOString();
}

const conferenceDeadline = new Intl.DateTimeFormat("en-US", {
  timeZone: conferenceTimeZone,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** A deadline as the site writes them: "Friday, March 21, 2025, 11:59 PM Pacific Time". */
export function formatConferenceDeadline(isoMoment: string): string {
  return `${conferenceDeadline.format(new Date(isoMoment))} Pacific Time`;
}
