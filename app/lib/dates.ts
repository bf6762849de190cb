/**
 * Dates in content are calendar days (YYYY-MM-DD) in the conference's time zone. They are formatted as
 * calendar days, never shifted by the reader's or the server's time zone.
 */
export const conferenceTimeZone = "America/Los_Angeles";

/** "Saturday, May 17, 2025" */
export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** Today's calendar day where the conference is, as YYYY-MM-DD. */
export function todayInConferenceTimeZone(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: conferenceTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A moment as people at the conference read it, zone named: "Mar 3, 2025, 4:05 PM PST". */
export function formatConferenceDateTime(isoMoment: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: conferenceTimeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(isoMoment));
}
