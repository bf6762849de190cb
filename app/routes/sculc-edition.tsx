import { data, Link } from "react-router";
import { getSessionState } from "~/features/accounts/session.server";
import { EditionPage } from "~/features/sculc/edition-page";
import {
  loadEditionPage,
  withLiveCallForAbstracts,
} from "~/features/sculc/load-edition-page.server";
import {
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { getSubmissionStatus } from "~/features/submissions/submissions.server";
import { formatConferenceDateTime } from "~/lib/dates";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { expirePublicPageAt, openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/sculc-edition";

// Serves every page of every SCULC edition: app/routes.ts registers one route per page path.
// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ url, context }: Route.LoaderArgs) {
  const found = loadEditionPage(url.pathname);
  if (!found) throw data(null, { status: 404 });
  const page = found.edition.isCurrent ? await withCallForAbstracts(found, context) : found;
  return { ...page, statusLink: await submissionStatusLink(page, context) };
}

async function withCallForAbstracts(
  page: NonNullable<ReturnType<typeof loadEditionPage>>,
  context: Route.LoaderArgs["context"],
) {
  const call = await readCallForAbstracts(getSubmissionDependencies().db);
  const isAccepting = isAcceptingAbstracts(call);
  // A cached copy of this page must not outlive the call's closing time.
  if (isAccepting && call.closesAt) expirePublicPageAt(context, new Date(call.closesAt));
  return withLiveCallForAbstracts(page, {
    isAccepting,
    deadlineLabel: call.isOpen && call.closesAt ? formatConferenceDateTime(call.closesAt) : null,
  });
}

/**
 * The current edition's main page offers presenters their congratulations page and applicants their
 * submission status; presenter wins, and everyone else sees no button.
 */
async function submissionStatusLink(
  page: NonNullable<ReturnType<typeof loadEditionPage>>,
  context: Route.LoaderArgs["context"],
): Promise<string | null> {
  if (!page.edition.isCurrent || page.page.slug !== "") return null;
  const session = getSessionState(context);
  if (session.status !== "signed-in") return null;
  const status = await getSubmissionStatus(
    getSubmissionDependencies().db,
    session.user.id,
    page.edition.year,
  );
  if (status.isPresenter) return submissionPaths.congratulations;
  if (status.isApplicant) return submissionPaths.status;
  return null;
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
  const { statusLink, ...page } = loaderData;
  return (
    <EditionPage
      data={page}
      heroAction={
        statusLink ? (
          <Link to={statusLink} className="button edition-hero__action">
            View Submission Status
          </Link>
        ) : null
      }
    />
  );
}
