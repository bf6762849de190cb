import { getAuth } from "~/features/accounts/auth.server";
import type { Route } from "./+types/api.auth";

/**
 * better-auth's HTTP endpoints, of which the site needs only the one the identity provider returns to.
 * Every other account operation goes through the pages' actions, which apply the site's rate limits
 * and messages, so the rest of the API is not exposed.
 */
const exposedPaths = new Set(["/api/auth/callback/google"]);

function handle(request: Request, url: URL) {
  if (!exposedPaths.has(url.pathname)) return new Response("Not found", { status: 404 });
  return getAuth().handler(request);
}

export function loader({ request, url }: Route.LoaderArgs) {
  return handle(request, url);
}

export function action({ request, url }: Route.ActionArgs) {
  return handle(request, url);
}
