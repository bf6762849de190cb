import { Link } from "~/components/link";
import { type SocialLink, site } from "~/content/site";
import type { SiteEvent } from "./list-events";
import "./events.css";

function EventList({ events, headingId }: { events: SiteEvent[]; headingId: string }) {
  return (
    <ol className="event-list" aria-labelledby={headingId}>
      {events.map((event) => (
        <li key={`${event.date}-${event.title}`} className="event-card">
          <time className="event-card__date" dateTime={event.date}>
            {event.dateLabel}
          </time>
          <h3 className="event-card__title">
            <Link to={event.href} prefetch="intent">
              {event.title}
            </Link>
          </h3>
          <p className="event-card__meta">
            {event.time} · {event.place}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function EventsPage({
  upcoming,
  past,
  instagram,
}: {
  upcoming: SiteEvent[];
  past: SiteEvent[];
  instagram: SocialLink | undefined;
}) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">{site.name}</p>
          <h1>Events</h1>
          <p className="lead">
            Talks, workshops, socials, conference days and NACLO sessions, upcoming first.
          </p>
        </div>
      </section>
      <div className="container events-layout">
        <section aria-labelledby="upcoming-events">
          <h2 id="upcoming-events">Upcoming</h2>
          {upcoming.length ? (
            <EventList events={upcoming} headingId="upcoming-events" />
          ) : (
            <p className="events-empty">
              Nothing is scheduled right now. New dates are announced on{" "}
              {instagram ? <a href={instagram.href}>{instagram.label}</a> : "our social channels"}{" "}
              and at our meetings.
            </p>
          )}
        </section>
        {past.length ? (
          <section aria-labelledby="past-events">
            <h2 id="past-events">Past events</h2>
            <EventList events={past} headingId="past-events" />
          </section>
        ) : null}
      </div>
    </>
  );
}
