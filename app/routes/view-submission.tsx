import { data, redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import {
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import {
  applyRowIntent,
  type DetailsDraft,
  emptyCoauthor,
  formatLabels,
  readDraft,
  readRowIntent,
  titleOrFileName,
} from "~/features/submissions/submission-details";
import {
  checkDetails,
  draftFromStored,
  findEditableSubmission,
  listAuthors,
  updateSubmissionDetails,
} from "~/features/submissions/submission-details.server";
import { refusalMessages, uploadMessages } from "~/features/submissions/submission-messages";
import { submissionPaths } from "~/features/submissions/submission-paths";
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

const notices = {
  uploaded: "Your abstract was uploaded successfully.",
  saved: "Your changes were saved successfully.",
  replaced: "Your new PDF was uploaded successfully.",
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const db = getSubmissionDependencies().db;
  const edition = getCurrentEdition();
  const isCallOpen = isAcceptingAbstracts(await readCallForAbstracts(db));
  const submissions = await listSubmissionsForUser(db, user.id, edition.year);
  const authors = await listAuthors(
    db,
    submissions.map((submission) => submission.id),
  );
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
        text: found.reason === "read-only" ? refusalMessages.readOnly : alreadyGone.text,
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
    uploadedNotice:
      editNotice ?? (noticeKey ? { kind: "success" as const, text: notices[noticeKey] } : null),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const form = await request.formData();
  const submissionId = String(form.get("submissionId") ?? "");
  const intent = String(form.get("intent") ?? "");
  const deps = getSubmissionDependencies();
  const editionYear = getCurrentEdition().year;

  const rowIntent = readRowIntent(intent);
  if (intent === "save-details" || rowIntent) {
    const fields = new Map<string, string>();
    for (const [key, value] of form)
      if (typeof value === "string" && !fields.has(key)) fields.set(key, value);
    const draft = readDraft(fields);
    const edit = (
      editDraft: DetailsDraft,
      notice: { kind: "success" | "error"; text: string } | null,
      fieldErrors: Record<string, string> = {},
      status = 200,
    ) =>
      data(
        {
          notice,
          confirmDelete: null,
          edit: { id: submissionId, draft: editDraft, fieldErrors, attempt: Date.now() },
        },
        status,
      );
    if (rowIntent) {
      // Without JavaScript: the edit form comes back with the co-author rows changed.
      return edit(
        { ...draft, coauthors: applyRowIntent(draft.coauthors, rowIntent, emptyCoauthor) },
        null,
      );
    }
    const check = checkDetails(draft);
    if (!check.ok)
      return edit(draft, { kind: "error", text: check.message }, check.fieldErrors, 400);
    const outcome = await updateSubmissionDetails(deps.db, {
      userId: user.id,
      submissionId,
      editionYear,
      details: check.details,
      submitter: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      isCallOpen: async (db) => isAcceptingAbstracts(await readCallForAbstracts(db)),
    });
    if (outcome.ok) throw redirect(`${submissionPaths.status}?saved=1`);
    if (outcome.reason === "not-found") {
      return data({ notice: alreadyGone, confirmDelete: null, edit: null }, 404);
    }
    return data(
      {
        notice: { kind: "error" as const, text: refusalMessages.readOnly },
        confirmDelete: null,
        edit: null,
      },
      409,
    );
  }

  const own = (await listSubmissionsForUser(deps.db, user.id, editionYear)).find(
    (submission) => submission.id === submissionId,
  );

  if (intent === "ask-delete") {
    if (!own) return data({ notice: alreadyGone, confirmDelete: null, edit: null }, 404);
    return {
      notice: null,
      confirmDelete: { id: own.id, fileName: titleOrFileName(own) },
      edit: null,
    };
  }
  if (intent !== "delete") return data({ notice: null, confirmDelete: null, edit: null }, 400);

  const outcome = await deleteSubmission(deps, { userId: user.id, submissionId });
  if (outcome.ok)
    return {
      notice: { kind: "success" as const, text: uploadMessages.deleted },
      confirmDelete: null,
      edit: null,
    };
  if (outcome.reason === "not-found")
    return data({ notice: alreadyGone, confirmDelete: null, edit: null }, 404);
  if (outcome.reason === "decided") {
    return data(
      {
        notice: {
          kind: "error" as const,
          text: "A decision has been made on this submission, so it can no longer be deleted.",
        },
        confirmDelete: null,
        edit: null,
      },
      409,
    );
  }
  return data(
    {
      notice: { kind: "error" as const, text: uploadMessages.deleteFailed },
      confirmDelete: null,
      edit: null,
    },
    500,
  );
}

// A second tab, or a double click, deleting what is already gone.
const alreadyGone = {
  kind: "error" as const,
  text: "This submission was already deleted, or is not yours. The list below is up to date.",
};

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
        attempt: posted.attempt,
      }
    : loaderData.editing
      ? { ...loaderData.editing, fieldErrors: {}, attempt: 0 }
      : null;
  return (
    <ViewSubmissionPage
      submissions={loaderData.submissions}
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
