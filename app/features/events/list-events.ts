import { editionName } from "~/content/conference";
import { editionPath, editions } from "~/content/editions";
import { naclo } from "~/content/naclo";
import { formatLongDate } from "~/lib/dates";

export type SiteEvent = {
  /** ISO date. */
  date: string;
  dateLabel: string;
  title: string;
  time: string;
  place: string;
  href: string;
};

/** Every dated event in the content: conference days and NACLO sessions. */
export function listAllEvents(): SiteEvent[] {
  const conferenceDays = editions.map((edition) => ({
    date: edition.date,
    title: editionName(edition.year),
    time: `${edition.startTime} to ${edition.endTime}`,
    place: edition.venue,
    href: editionPath(edition),
  }));
  const nacloSessions = [naclo.openRound, naclo.trainingSession].map((session) => ({
    date: session.date,
    title: session.title,
    time: `${session.startTime} to ${session.endTime}`,
    place: session.place,
    href: "/naclo",
  }));
  return [...conferenceDays, ...nacloSessions].map((event) => ({
    ...event,
    dateLabel: formatLongDate(event.date),
  }));
}

/** Upcoming events soonest first (today counts as upcoming), then past events latest first. */
export function splitEvents(events: SiteEvent[], today: string) {
  const upcoming = events
    .filter((event) => event.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date));
  const past = events
    .filter((event) => event.date < today)
    .sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, past };
}
