import { editionName } from "~/content/conference";
import { getSiteContent } from "~/content/current-content";
import { editionPath, listEditions } from "~/content/editions";
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
  const conferenceDays = listEditions().map((edition) => ({
    date: edition.date,
    title: editionName(edition.year),
    time: `${edition.startTime} to ${edition.endTime}`,
    place: edition.venue,
    href: editionPath(edition),
  }));
  const nacloSessions = [
    getSiteContent().naclo.openRound,
    getSiteContent().naclo.trainingSession,
  ].map((session) => ({
    date: session.date,
    title: session.title,
    time: `${session.startTime} to ${session.endTime}`,
    place: session.place,
    href: "/naclo",
  }));
  const societyEvents = getSiteContent().events.events.map((event) => ({
    date: event.date,
    title: event.title,
    time: `${event.startTime} to ${event.endTime}`,
    place: event.place,
    href: event.href ?? "/events",
  }));
  return [...conferenceDays, ...nacloSessions, ...societyEvents].map((event) => ({
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
