import { programFileResponse } from "~/features/program/program-files.server";
import { findProgramEdition } from "~/features/program/program-paths";
import { getDatabase } from "~/lib/db/db.server";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/sculc-program-export";

// `/sculc-{year}-program.json`: the latest published program for other tools (format documented in
// app/features/program/program-calendar.server.ts).
export async function loader({ request, url }: Route.LoaderArgs) {
  const edition = findProgramEdition(url.pathname);
  if (!edition) return new Response("Not Found\n", { status: 404 });
  return programFileResponse(
    getDatabase().db,
    edition,
    { kind: "json" },
    request,
    getEnv().baseUrl,
  );
}
