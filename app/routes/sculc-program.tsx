import { data } from "react-router";
import { ProgramPage } from "~/features/program/program-page";
import { loadProgramPage } from "~/features/program/program-page.server";
import { findProgramEdition } from "~/features/program/program-paths";
import { getDatabase } from "~/lib/db/db.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/sculc-program";

// `/sculc-{year}-program` for every edition that builds its program in the site (app/routes.ts).
// The same for every signed-out visitor: served from the public page cache, whose revision a publish
// bumps, so a new version is visible at once.
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ url }: Route.LoaderArgs) {
  const edition = findProgramEdition(url.pathname);
  if (!edition) throw data(null, { status: 404 });
  return loadProgramPage(getDatabase().db, edition);
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.title,
        description: `The program of ${loaderData.editionName}, ${loaderData.dateLabel}: talks, posters, the keynote, rooms and times, with calendar files.`,
        canonicalPath: location.pathname,
        baseUrl: baseUrlFrom(matches),
      })
    : [];

export default function SculcProgram({ loaderData }: Route.ComponentProps) {
  return <ProgramPage data={loaderData} />;
}
