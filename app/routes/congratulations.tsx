import { redirect } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { CongratulationsPage } from "~/features/submissions/congratulations-page";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { listSubmissionsForUser } from "~/features/submissions/submissions.server";
import type { Route } from "./+types/congratulations";

export const meta: Route.MetaFunction = () => accountMeta("Congratulations");

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const edition = getCurrentEdition();
  const submissions = await listSubmissionsForUser(
    getSubmissionDependencies().db,
    user.id,
    edition.year,
  );
  const accepted = submissions.filter((submission) => submission.releasedDecision === "accepted");
  if (!accepted.length || !edition.abstracts) throw redirect(submissionPaths.status);
  return {
    editionName: editionName(edition.year),
    acceptance: edition.abstracts.acceptance,
    accepted: accepted.map(({ id, fileName }) => ({ id, fileName })),
  };
}

export default function Congratulations({ loaderData }: Route.ComponentProps) {
  return <CongratulationsPage {...loaderData} />;
}
