import { getSiteContent } from "~/content/current-content";
import { EventsPage } from "~/features/events/events-page";
import { eventsPageData } from "~/features/events/list-events";
import { todayInConferenceTimeZone } from "~/lib/dates";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/events";

// Upcoming and past are decided on the server for each request, by the day in California.
// Served from the public page cache; its day is part of the cache's key, so events move on time.
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export function loader() {
  return eventsPageData(getSiteContent(), todayInConferenceTimeZone());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Events",
    description:
      "Upcoming and past events of the Undergraduate Linguistics Society: SCULC conference days and NACLO testing sessions.",
    canonicalPath: "/events",
    baseUrl: baseUrlFrom(matches),
  });

export default function Events({ loaderData }: Route.ComponentProps) {
  return (
    <EventsPage
      upcoming={loaderData.upcoming}
      past={loaderData.past}
      instagram={loaderData.instagram}
    />
  );
}
