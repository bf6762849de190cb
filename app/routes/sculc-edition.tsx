import { data, Link } from "react-router";
import { listEditions } from "~/content/editions";
import { getSessionState } from "~/features/accounts/session.server";
import { finalMaterialPaths } from "~/features/presenters/final-material-paths";
import {
  conferenceDayEnd,
  hasConferenceDayPassed,
  listPublishedMaterials,
  materialKindLabels,
} from "~/features/presenters/final-materials.server";
import { EditionProgramSection } from "~/features/program/program-page";
import { readProgramView } from "~/features/program/program-page.server";
import {
  isProgramBuiltInSite,
  programPaths,
  programSectionId,
} from "~/features/program/program-paths";
import { EditionPage } from "~/features/sculc/edition-page";
import {
  loadEditionPage,
  withLiveCallForAbstracts,
  withPublishedMaterials,
} from "~/features/sculc/load-edition-page.server";
import {
  effectiveDeadline,
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { getSubmissionStatus } from "~/features/submissions/submission-status.server";
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
  const withCall = found.edition.isCurrent ? await withCallForAbstracts(found, context) : found;
  const page = await withMaterials(withCall, context);
  return {
    ...page,
    statusLink: await submissionStatusLink(page, context),
    publishedProgram: await publishedProgramOf(page),
  };
}

/**
 * Editions that build their program in the site show its latest published version in their Program
 * section; until one is published, the section shows what the content gives (the PDF).
 */
async function publishedProgramOf(page: NonNullable<ReturnType<typeof loadEditionPage>>) {
  const edition = listEditions().find((candidate) => candidate.year === page.edition.year);
  if (!edition || !isProgramBuiltInSite(edition)) return null;
  if (!page.sections.some((section) => section.id === programSectionId)) return null;
  const view = await readProgramView(getSubmissionDependencies().db, edition.year);
  if (!view) return null;
  const paths = programPaths(edition);
  return { sessions: view.sessions, paths: { page: paths.page, calendar: paths.calendar } };
}

async function withCallForAbstracts(
  page: NonNullable<ReturnType<typeof loadEditionPage>>,
  context: Route.LoaderArgs["context"],
) {
  const call = await readCallForAbstracts(getSubmissionDependencies().db);
  const isAccepting = isAcceptingAbstracts(call);
  // A cached copy of this page must not outlive the call's closing time.
  if (isAccepting && call.closesAt) expirePublicPageAt(context, new Date(call.closesAt));
  const contentDeadline =
    listEditions().find((edition) => edition.year === page.edition.year)?.abstracts?.deadline ?? "";
  return withLiveCallForAbstracts(page, {
    isAccepting,
    deadline: effectiveDeadline(call, contentDeadline),
  });
}

/**
 * Published final materials, for editions that collected them through the site. Before the conference
 * day has passed there are none, and the cached page expires when it ends, so they appear on time.
 */
async function withMaterials(
  page: NonNullable<ReturnType<typeof loadEditionPage>>,
  context: Route.LoaderArgs["context"],
) {
  const edition = listEditions().find((candidate) => candidate.year === page.edition.year);
  if (!edition?.abstracts || !page.sections.some((section) => section.kind === "presentations")) {
    return page;
  }
  if (!hasConferenceDayPassed(edition)) {
    expirePublicPageAt(context, new Date(conferenceDayEnd(edition.date)));
    return page;
  }
  const materials = await listPublishedMaterials(getSubmissionDependencies().db, edition);
  return withPublishedMaterials(
    page,
    materials.map((material) => ({
      title: material.title,
      presenters: material.presenters,
      embed: {
        kind: material.kind,
        title: `${materialKindLabels[material.kind]}: ${material.title}`,
        embedUrl: finalMaterialPaths.file(material.submissionId),
      },
    })),
  );
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
  const { statusLink, publishedProgram, ...page } = loaderData;
  return (
    <EditionPage
      data={page}
      sectionBodies={
        publishedProgram
          ? { [programSectionId]: <EditionProgramSection {...publishedProgram} /> }
          : undefined
      }
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
