import { programFileResponse } from "~/features/program/program-files.server";
import { findProgramEdition } from "~/features/program/program-paths";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/sculc-program-calendar";

// `/sculc-{year}-program.ics` (the whole program) and `/sculc-{year}-program/calendar/{slot}.ics`
// (one presentation's "add to calendar" file), from the latest published version.
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const edition = findProgramEdition(url.pathname);
  if (!edition) return new Response("Not Found\n", { status: 404 });
  const slotId = "slotId" in params ? params.slotId : undefined;
  return programFileResponse(
    getDatabase().db,
    edition,
    slotId === undefined ? { kind: "calendar" } : { kind: "presentation-calendar", slotId },
    request,
    getEnv().baseUrl,
  );
}
