import { data, Link } from "react-router";
import { getSessionState } from "~/features/accounts/session.server";
import { EditionPage } from "~/features/sculc/edition-page";
import { loadEditionPage } from "~/features/sculc/load-edition-page.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { getSubmissionStatus } from "~/features/submissions/submissions.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import type { Route } from "./+types/sculc-edition";

// Serves every page of every SCULC edition: app/routes.ts registers one route per page path.
export async function loader({ url, context }: Route.LoaderArgs) {
  const page = loadEditionPage(url.pathname);
  if (!page) throw data(null, { status: 404 });
  return { ...page, statusLink: await submissionStatusLink(page, context) };
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
