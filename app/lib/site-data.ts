import { useRouteLoaderData } from "react-router";

/** What every page needs from the server, loaded once by the root route. */
export type SiteData = {
  baseUrl: string;
  /** The signed-in visitor (for the Profile, User Data, Review and Site content links), or null. */
  viewer: { firstName: string; isAdmin: boolean; isReviewer: boolean; isEditor: boolean } | null;
  conference: {
    editions: { year: number; path: string }[];
    current: { year: number; path: string };
  };
  /** The footer's and the "write to us" lines' facts, as editors last published them. */
  contact: { email: string; location: string };
};

const fallback: SiteData = {
  baseUrl: "",
  viewer: null,
  conference: { editions: [], current: { year: 0, path: "/" } },
  contact: { email: "", location: "" },
};

/** The root loader's data; a fallback while the root itself is failing (its error page). */
export function useSiteData(): SiteData {
  return (useRouteLoaderData("root") as SiteData | undefined) ?? fallback;
}
