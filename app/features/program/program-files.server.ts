import type { Kysely } from "kysely";
import type { Edition } from "~/content/editions";
import type { Database } from "~/lib/db/schema";
import { presentationCalendar, programCalendar, programExport } from "./program-calendar.server";
import { programPaths } from "./program-paths";
import { readPublishedProgram } from "./program-publish.server";

export type ProgramFile =
  | { kind: "calendar" }
  | { kind: "presentation-calendar"; slotId: string }
  | { kind: "json" };

/**
 * The program's calendar feed, one presentation's calendar file or the JSON export, from the latest
 * published version; 404 until one is published, and for a slot this version does not have.
 *
 * Each answer is a pure function of the version, so its ETag is the version: calendar apps and
 * scripts that poll the feed get a 304 until the next publish, and `no-cache` makes them ask every
 * time, so a publish is seen at once (as on the cached program page).
 */
export async function programFileResponse(
  db: Kysely<Database>,
  edition: Edition,
  file: ProgramFile,
  request: Request,
  baseUrl: string,
): Promise<Response> {
  const published = await readPublishedProgram(db, edition.year);
  if (!published) return notFound("The program has not been published yet.");
  const paths = programPaths(edition);
  const options = { host: new URL(baseUrl).hostname, programUrl: `${baseUrl}${paths.page}` };
  const etag = `"program-${edition.year}-v${published.version}-${file.kind}${file.kind === "presentation-calendar" ? `-${file.slotId}` : ""}"`;

  let body: string | null;
  let contentType: string;
  let disposition: string;
  if (file.kind === "json") {
    body = `${JSON.stringify(programExport(published), null, 2)}\n`;
    contentType = "application/json; charset=utf-8";
    disposition = `inline; filename="sculc-${edition.year}-program.json"`;
  } else if (file.kind === "calendar") {
    body = programCalendar(published, options);
    contentType = "text/calendar; charset=utf-8";
    disposition = `attachment; filename="sculc-${edition.year}-program.ics"`;
  } else {
    body = presentationCalendar(published, file.slotId, options);
    contentType = "text/calendar; charset=utf-8";
    disposition = `attachment; filename="sculc-${edition.year}-presentation.ics"`;
  }
  if (body === null) return notFound("This presentation is not in the published program.");

  const headers = {
    "Content-Type": contentType,
    "Content-Disposition": disposition,
    "Cache-Control": "no-cache",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : body, { headers });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

function notFound(message: string): Response {
  return new Response(`${message}\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
