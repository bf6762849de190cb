import { data } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { uploadMessages } from "~/features/submissions/submission-messages";
import {
  deleteSubmission,
  listSubmissionsForUser,
} from "~/features/submissions/submissions.server";
import {
  type SubmissionView,
  ViewSubmissionPage,
} from "~/features/submissions/view-submission-page";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Route } from "./+types/view-submission";

export const meta: Route.MetaFunction = () => accountMeta("Your Submissions");

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const submissions = await listSubmissionsForUser(
    getSubmissionDependencies().db,
    user.id,
    getCurrentEdition().year,
  );
  return {
    submissions: submissions.map(
      (submission): SubmissionView => ({
        id: submission.id,
        fileName: submission.fileName,
        uploadedAtText: formatConferenceDateTime(submission.uploadedAt),
        pageCount: submission.pageCount,
        wordCount: submission.wordCount,
        warnings: submission.warnings,
        status: submission.releasedDecision ?? "processing",
        // Once a decision is released the submission is part of the program's record.
        canDelete: submission.releasedDecision === null,
      }),
    ),
    uploadedNotice: url.searchParams.has("uploaded")
      ? { kind: "success" as const, text: "Your abstract was uploaded successfully." }
      : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const form = await request.formData();
  const submissionId = String(form.get("submissionId") ?? "");
  const intent = form.get("intent");
  const deps = getSubmissionDependencies();
  const own = (await listSubmissionsForUser(deps.db, user.id, getCurrentEdition().year)).find(
    (submission) => submission.id === submissionId,
  );

  if (intent === "ask-delete") {
    if (!own) return data({ notice: alreadyGone, confirmDelete: null }, 404);
    return { notice: null, confirmDelete: { id: own.id, fileName: own.fileName } };
  }
  if (intent !== "delete") return data({ notice: null, confirmDelete: null }, 400);

  const outcome = await deleteSubmission(deps, { userId: user.id, submissionId });
  if (outcome.ok)
    return {
      notice: { kind: "success" as const, text: uploadMessages.deleted },
      confirmDelete: null,
    };
  if (outcome.reason === "not-found")
    return data({ notice: alreadyGone, confirmDelete: null }, 404);
  if (outcome.reason === "decided") {
    return data(
      {
        notice: {
          kind: "error" as const,
          text: "A decision has been made on this submission, so it can no longer be deleted.",
        },
        confirmDelete: null,
      },
      409,
    );
  }
  return data(
    { notice: { kind: "error" as const, text: uploadMessages.deleteFailed }, confirmDelete: null },
    500,
  );
}

// A second tab, or a double click, deleting what is already gone.
const alreadyGone = {
  kind: "error" as const,
  text: "This submission was already deleted, or is not yours. The list below is up to date.",
};

export default function ViewSubmission({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ViewSubmissionPage
      submissions={loaderData.submissions}
      noneMessage={uploadMessages.none}
      notice={actionData?.notice ?? loaderData.uploadedNotice}
      confirmDelete={actionData?.confirmDelete}
    />
  );
}
