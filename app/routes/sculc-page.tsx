import { data } from "react-router";
import { Link } from "~/components/link";
import { listEditions } from "~/content/editions";
import { getSessionState } from "~/features/accounts/session.server";
import { resolveMedia } from "~/features/content-media/media-records.server";
import { finalMaterialPaths } from "~/features/presenters/final-material-paths";
import {
  conferenceDayEnd,
  hasConferenceDayPassed,
  listPublishedMaterials,
  materialKindLabels,
} from "~/features/presenters/final-materials.server";
import { EditionProgramSection, ProgramPage } from "~/features/program/program-page";
import { loadProgramPage, readProgramView } from "~/features/program/program-page.server";
import {
  findProgramEdition,
  isProgramBuiltInSite,
  programPaths,
  programSectionId,
} from "~/features/program/program-paths";
import { EditionPage } from "~/features/sculc/edition-page";
import {
  editionPageMediaIds,
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
import { getDatabase } from "~/lib/db/db.server";
import { baseUrlFrom, pageMeta } from "~/lib/meta";
import { expirePublicPageAt, openAsDocument, publicPageHandle } from "~/lib/request-context";
import type { Route } from "./+types/sculc-page";

// Every page of every SCULC edition (/sculc-2023, /sculc-2023-program, ...) and the program page of
// each edition that builds its program in the site (/sculc-2025-program), found in the published
// content when the request arrives: an edition or page an editor publishes is served at once, with no
// rebuild. Any other one-segment address is answered 404 here.
// The same for every signed-out visitor: served from the public page cache (server/public-page-cache.ts),
// as a document without framework JavaScript (app/root.tsx).
export const handle = publicPageHandle;
export const clientLoader = openAsDocument;

export async function loader({ url, context }: Route.LoaderArgs) {
  const programEdition = findProgramEdition(url.pathname);
  if (programEdition && url.pathname === programPaths(programEdition).page) {
    return {
      kind: "program" as const,
      program: await loadProgramPage(getDatabase().db, programEdition),
    };
  }
  const mediaIds = editionPageMediaIds(url.pathname);
  const media = mediaIds.length ? await resolveMedia(getDatabase().db, mediaIds) : undefined;
  const found = loadEditionPage(url.pathname, undefined, media);
  if (!found) throw data(null, { status: 404 });
  const withCall = found.edition.isCurrent ? await withCallForAbstracts(found, context) : found;
  const page = await withMaterials(withCall, context);
  return {
    kind: "edition" as const,
    edition: {
      ...page,
      statusLink: await submissionStatusLink(page, context),
      publishedProgram: await publishedProgramOf(page),
    },
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

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  if (!loaderData) return [];
  const common = { canonicalPath: location.pathname, baseUrl: baseUrlFrom(matches) };
  if (loaderData.kind === "program") {
    const { program } = loaderData;
    return pageMeta({
      ...common,
      title: program.title,
      description: `The program of ${program.editionName}, ${program.dateLabel}: talks, posters, the keynote, rooms and times, with calendar files.`,
    });
  }
  return pageMeta({
    ...common,
    title: loaderData.edition.page.title,
    description: loaderData.edition.page.description,
  });
};

export default function SculcPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "program") return <ProgramPage data={loaderData.program} />;
  const { statusLink, publishedProgram, ...page } = loaderData.edition;
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
