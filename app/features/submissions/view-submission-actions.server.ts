import { data, redirect } from "react-router";
import { readForm, readIntent } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import { isAcceptingAbstracts, readCallForAbstracts } from "./call-for-abstracts.server";
import {
  applyRowIntent,
  type DetailsDraft,
  emptyCoauthor,
  readDraft,
  readRowIntent,
  titleOrFileName,
} from "./submission-details";
import { checkDetails, updateSubmissionDetails } from "./submission-details.server";
import { deleteSubmission } from "./submission-files.server";
import {
  alreadyGoneMessage,
  deleteRefusals,
  refusalMessages,
  uploadMessages,
} from "./submission-messages";
import { submissionPaths } from "./submission-paths";
import { listSubmissionsForUser, type SubmissionDependencies } from "./submissions.server";

// The status page's buttons: saving edited details (and, without JavaScript, the co-author row
// buttons of the edit form), asking to delete, and deleting.

const intents = ["save-details", "ask-delete", "delete"] as const;

const submissionForm = z.object({ submissionId: z.string().default("") });

type Notice = { kind: "success" | "error"; text: string };

const alreadyGone: Notice = { kind: "error", text: alreadyGoneMessage };

/** The page's answer without an edit form: a notice, or the delete confirmation. */
function answer(
  notice: Notice | null,
  status = 200,
  confirmDelete: { id: string; fileName: string } | null = null,
) {
  return data({ notice, confirmDelete, edit: null }, status);
}

export async function handleViewSubmissionAction(
  deps: SubmissionDependencies,
  user: { id: string; firstName: string; lastName: string; email: string },
  editionYear: number,
  formData: FormData,
) {
  const form = readForm(submissionForm, formData);
  const submissionId = form.ok ? form.value.submissionId : "";
  const rowIntent = readRowIntent(String(formData.get("intent") ?? ""));
  const intent = readIntent(formData, intents);
  if (intent === "save-details" || rowIntent) {
    return saveDetails(deps, user, editionYear, { submissionId, formData, rowIntent });
  }
  if (intent === "ask-delete") {
    const own = (await listSubmissionsForUser(deps.db, user.id, editionYear)).find(
      (submission) => submission.id === submissionId,
    );
    if (!own) return answer(alreadyGone, 404);
    return answer(null, 200, { id: own.id, fileName: titleOrFileName(own) });
  }
  if (intent !== "delete") return answer(null, 400);
  const outcome = await deleteSubmission(deps, { userId: user.id, submissionId });
  if (outcome.ok) return answer({ kind: "success", text: uploadMessages.deleted });
  const refusal = deleteRefusals[outcome.reason];
  return answer({ kind: "error", text: refusal.message }, refusal.status);
}

async function saveDetails(
  deps: SubmissionDependencies,
  user: { id: string; firstName: string; lastName: string; email: string },
  editionYear: number,
  input: {
    submissionId: string;
    formData: FormData;
    rowIntent: ReturnType<typeof readRowIntent>;
  },
) {
  // The details form's fields as the upload reads them (the first value of a repeated name).
  const fields = new Map<string, string>();
  for (const [key, value] of input.formData)
    if (typeof value === "string" && !fields.has(key)) fields.set(key, value);
  const draft = readDraft(fields);
  const edit = (
    editDraft: DetailsDraft,
    notice: Notice | null,
    fieldErrors: Record<string, string> = {},
    status = 200,
  ) =>
    data(
      {
        notice,
        confirmDelete: null,
        edit: { id: input.submissionId, draft: editDraft, fieldErrors },
      },
      status,
    );
  if (input.rowIntent) {
    // Without JavaScript: the edit form comes back with the co-author rows changed.
    return edit(
      { ...draft, coauthors: applyRowIntent(draft.coauthors, input.rowIntent, emptyCoauthor) },
      null,
    );
  }
  const check = checkDetails(draft);
  if (!check.ok) return edit(draft, { kind: "error", text: check.message }, check.fieldErrors, 400);
  const outcome = await updateSubmissionDetails(deps.db, {
    userId: user.id,
    submissionId: input.submissionId,
    editionYear,
    details: check.details,
    submitter: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
    isCallOpen: async (db) => isAcceptingAbstracts(await readCallForAbstracts(db)),
  });
  if (outcome.ok) throw redirect(`${submissionPaths.status}?saved=1`);
  if (outcome.reason === "not-found") return answer(alreadyGone, 404);
  return answer({ kind: "error", text: refusalMessages.readOnly }, 409);
}
