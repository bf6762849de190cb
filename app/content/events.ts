/**
 * Events beyond the conference days and NACLO sessions (which the events page takes from their own
 * content): talks, workshops, socials. Edited in the admin area; none are shipped.
 */
export type SocietyEvent = {
  /** Stable within the list, so an editor's reordering or removal names the right one. */
  id: string;
  title: string;
  /** ISO date, in the conference's time zone. */
  date: string;
  startTime: string;
  endTime: string;
  place: string;
  /** Where to read more: a page of this site ("/naclo") or an https address. */
  href?: string;
};

export type EventsContent = { events: SocietyEvent[] };

export const shippedEvents: EventsContent = { events: [] };
