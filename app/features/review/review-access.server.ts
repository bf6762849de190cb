import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { isReviewer } from "./reviewer-role.server";

/**
 * The reviewer pages' role check, for pages, `.data` requests, the PDF and actions alike (after the
 * route's sign-in guard): anyone without the reviewer role gets the same 404 as a page that does not
 * exist, so the review area does not announce itself.
 */
export async function requireReviewerRole(db: Kysely<Database>, userId: string): Promise<void> {
  if (!(await isReviewer(db, userId))) throw notFound();
}

export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}
