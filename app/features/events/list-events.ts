import { editionName } from "~/content/conference";
import { getSiteContent } from "~/content/current-content";
import { editionPath } from "~/content/editions";
import type { SiteContent } from "~/content/site-content";
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

/**
 * Every dated event in the content: conference days, NACLO sessions and the society's own events, from
 * the published snapshot, or from the drafts for an editor's preview.
 */
export function listAllEvents(content: SiteContent = getSiteContent()): SiteEvent[] {
  const conferenceDays = content.editions.map((edition) => ({
    date: edition.date,
    title: editionName(edition.year),
    time: `${edition.startTime} to ${edition.endTime}`,
    place: edition.venue,
    href: editionPath(edition),
  }));
  const nacloSessions = [content.naclo.openRound, content.naclo.trainingSession].map((session) => ({
    date: session.date,
    title: session.title,
    time: `${session.startTime} to ${session.endTime}`,
    place: session.place,
    href: "/naclo",
  }));
  const societyEvents = content.events.events.map((event) => ({
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

/** What the events page shows on `today`, from one content snapshot. */
export function eventsPageData(content: SiteContent, today: string) {
  const instagram = content.settings.social.find((link) => link.kind === "photos");
  return { ...splitEvents(listAllEvents(content), today), instagram };
}
