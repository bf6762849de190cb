import { data } from "react-router";
import { EditionPage } from "~/features/sculc/edition-page";
import { loadEditionPage } from "~/features/sculc/load-edition-page.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/sculc-edition";

// Serves every page of every SCULC edition: app/routes.ts registers one route per page path.
export function loader({ url }: Route.LoaderArgs) {
  const page = loadEditionPage(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.page.title,
        description: loaderData.page.description,
        canonicalPath: location.pathname,
        baseUrl: baseUrlFrom(matches),
      })
    : [];

export default function SculcEdition({ loaderData }: Route.ComponentProps) {
  return <EditionPage data={loaderData} />;
}
