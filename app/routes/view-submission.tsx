import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import {
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { listCoauthoredSubmissions } from "~/features/submissions/coauthored-submissions.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import {
  type DetailsDraft,
  formatLabels,
  titleOrFileName,
} from "~/features/submissions/submission-details";
import {
  draftFromStored,
  findEditableSubmission,
  listAuthors,
} from "~/features/submissions/submission-details.server";
import {
  alreadyGoneMessage,
  refusalMessages,
  uploadMessages,
} from "~/features/submissions/submission-messages";
import { listSubmissionsForUser } from "~/features/submissions/submissions.server";
import { handleViewSubmissionAction } from "~/features/submissions/view-submission-actions.server";
import {
  type CoauthoredView,
  type SubmissionView,
  ViewSubmissionPage,
} from "~/features/submissions/view-submission-page";
import viewSubmissionScriptUrl from "~/features/submissions/view-submission-script.ts?worker&url";
import { formatConferenceDateTime } from "~/lib/dates";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/view-submission";

export const meta: Route.MetaFunction = () => accountMeta("Your Submissions");

// A document (decision 0044): the browser posts its forms; its own script changes the edit form's
// co-author rows in place and asks in a dialog before a deletion.
export const handle = documentPageHandleWithScript(viewSubmissionScriptUrl);
export const clientLoader = openAsDocument;

const notices = {
  uploaded: "Your abstract was uploaded successfully.",
  saved: "Your changes were saved successfully.",
  replaced: "Your new PDF was uploaded successfully.",
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const db = getSubmissionDependencies().db;
  const edition = getCurrentEdition();
  // Independent reads: on PostgreSQL they go out together instead of one round trip after another.
  const [call, submissions, coauthored] = await Promise.all([
    readCallForAbstracts(db),
    listSubmissionsForUser(db, user.id, edition.year),
    listCoauthoredSubmissions(db, user, edition.year),
  ]);
  const isCallOpen = isAcceptingAbstracts(call);
  const authors = await listAuthors(db, [
    ...submissions.map((submission) => submission.id),
    ...coauthored.map((submission) => submission.id),
  ]);
  const editId = url.searchParams.get("edit");
  let editing: { id: string; title: string; draft: DetailsDraft } | null = null;
  let editNotice: { kind: "error"; text: string } | null = null;
  if (editId !== null) {
    const found = await findEditableSubmission(db, {
      userId: user.id,
      submissionId: editId,
      editionYear: edition.year,
      isCallOpen,
    });
    if (found.ok) {
      editing = {
        id: found.row.id,
        title: titleOrFileName(found.row),
        draft: draftFromStored(found.row, authors.get(found.row.id) ?? []),
      };
    } else {
      editNotice = {
        kind: "error",
        text: found.reason === "read-only" ? refusalMessages.readOnly : alreadyGoneMessage,
      };
    }
  }
  const noticeKey = (Object.keys(notices) as (keyof typeof notices)[]).find((key) =>
    url.searchParams.has(key),
  );
  return {
    submitterName: `${user.firstName} ${user.lastName}`.trim(),
    talk: edition.abstracts?.talk ?? { minutes: 15, questionMinutes: 5 },
    isCallOpen,
    editing,
    submissions: submissions.map(
      (submission): SubmissionView => ({
        id: submission.id,
        title: titleOrFileName(submission),
        fileName: submission.fileName,
        formatLabel: formatLabels[submission.preferredFormat] ?? submission.preferredFormat,
        authors: authors.get(submission.id) ?? [],
        uploadedAtText: formatConferenceDateTime(submission.uploadedAt),
        pageCount: submission.pageCount,
        wordCount: submission.wordCount,
        warnings: submission.warnings,
        status: submission.releasedDecision ?? "processing",
        acceptedAs: submission.releasedAcceptedAs,
        // Once a decision is released the submission is part of the program's record.
        canDelete: submission.releasedDecision === null,
        canEdit: isCallOpen && submission.releasedDecision === null,
      }),
    ),
    coauthored: coauthored.map(
      (submission): CoauthoredView => ({
        id: submission.id,
        title: titleOrFileName(submission),
        formatLabel: formatLabels[submission.preferredFormat] ?? submission.preferredFormat,
        authors: authors.get(submission.id) ?? [],
        status: submission.releasedDecision ?? "processing",
        acceptedAs: submission.releasedAcceptedAs,
        submitterName: submission.submitterName,
        presents: submission.presents,
      }),
    ),
    uploadedNotice:
      editNotice ?? (noticeKey ? { kind: "success" as const, text: notices[noticeKey] } : null),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  return handleViewSubmissionAction(
    getSubmissionDependencies(),
    user,
    getCurrentEdition().year,
    await request.formData(),
  );
}

export default function ViewSubmission({ loaderData, actionData }: Route.ComponentProps) {
  // The edit form: as the action sent it back (rows changed, or errors), else as the loader read it.
  const posted = actionData?.edit ?? null;
  const editing = posted
    ? {
        id: posted.id,
        title:
          loaderData.submissions.find((submission) => submission.id === posted.id)?.title ?? "",
        draft: posted.draft,
        fieldErrors: posted.fieldErrors,
      }
    : loaderData.editing
      ? { ...loaderData.editing, fieldErrors: {} }
      : null;
  return (
    <ViewSubmissionPage
      submissions={loaderData.submissions}
      coauthored={loaderData.coauthored}
      noneMessage={uploadMessages.none}
      notice={actionData?.notice ?? loaderData.uploadedNotice}
      confirmDelete={actionData?.confirmDelete}
      editing={editing}
      submitterName={loaderData.submitterName}
      talk={loaderData.talk}
      isCallOpen={loaderData.isCallOpen}
    />
  );
}
