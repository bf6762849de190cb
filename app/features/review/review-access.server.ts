import type { AccountUser } from "~/features/accounts/account-user";

/**
 * The reviewer pages' role check, for pages, `.data` requests, the PDF and actions alike (after the
 * route's sign-in guard): anyone without the reviewer role gets the same 404 as a page that does not
 * exist, so the review area does not announce itself. The role comes with the request's session read
 * (one query per request, fresh each time), so a revoked reviewer is refused at their next request.
 */
export function requireReviewerRole(user: Pick<AccountUser, "isReviewer">): void {
  if (!user.isReviewer) throw notFound();
}

export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
}
