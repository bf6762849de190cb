import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { queueAbstractReceipt } from "~/features/submissions/abstract-receipt.server";
import { receiveAbstractUpload } from "~/features/submissions/abstract-upload.server";
import {
  effectiveDeadline,
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import {
  applyRowIntent,
  emptyCoauthor,
  emptyDraft,
  titleOrFileName,
} from "~/features/submissions/submission-details";
import {
  findEditableSubmission,
  readProfileAffiliation,
} from "~/features/submissions/submission-details.server";
import {
  refusalMessages,
  uploadRefusalMessage,
  uploadRefusalStatus,
} from "~/features/submissions/submission-messages";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { SubmitAbstractPage } from "~/features/submissions/submit-abstract-page";
import submitFormScriptUrl from "~/features/submissions/submit-form-script.ts?worker&url";
import type { Database } from "~/lib/db/schema";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { documentPageHandleWithScript, openAsDocument } from "~/lib/request-context";
import { retryAfterHeader } from "~/lib/uploads/pdf-upload";
import type { Route } from "./+types/submit-abstract";

export const meta: Route.MetaFunction = () => accountMeta("Submit an Abstract");

// A document (decision 0043): the browser posts the form; its own script adds the co-author rows in place
// and the upload's progress.
export const handle = documentPageHandleWithScript(submitFormScriptUrl);
export const clientLoader = openAsDocument;

// This page's own words for the redirects (fixed wording, checked verbatim), not the generic ones.
const guardMessages = {
  signedOut: "You Must Log In to Submit an Abstract",
  noProfile: "Please complete your profile before proceeding",
};

/** The abstract whose PDF `?replace=` names, when it is the user's and still editable. */
async function replaceTarget(
  db: Kysely<Database>,
  url: URL,
  userId: string,
  isCallOpen: boolean,
): Promise<{ id: string; title: string; isEditable: boolean } | null | undefined> {
  const id = url.searchParams.get("replace");
  if (id === null) return undefined;
  const found = await findEditableSubmission(db, {
    userId,
    submissionId: id,
    editionYear: getCurrentEdition().year,
    isCallOpen,
  });
  if (!found.ok && found.reason === "not-found") return null;
  return { id: found.row.id, title: titleOrFileName(found.row), isEditable: found.ok };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url, guardMessages);
  const edition = getCurrentEdition();
  const db = getSubmissionDependencies().db;
  const call = await readCallForAbstracts(db);
  const isCallOpen = isAcceptingAbstracts(call);
  const replacing = await replaceTarget(db, url, user.id, isCallOpen);
  if (replacing === null) {
    throw data("This abstract is not yours, or it was deleted.", 404);
  }
  const limits = submissionLimits(edition);
  return {
    submitterName: `${user.firstName} ${user.lastName}`.trim(),
    draft: emptyDraft(await readProfileAffiliation(db, user.id)),
    replacing: replacing ? { id: replacing.id, title: replacing.title } : null,
    talk: edition.abstracts?.talk ?? { minutes: 15, questionMinutes: 5 },
    editionName: editionName(edition.year),
    guidelines: edition.abstracts?.guidelines ?? [],
    deadline: effectiveDeadline(call, edition.abstracts?.deadline ?? ""),
    maxMegabytes: Math.round(getEnv().maxUploadBytes / 1024 / 1024),
    ...limits,
    isOpen: replacing ? replacing.isEditable : isCallOpen,
    closedMessage: replacing
      ? refusalMessages.readOnly
      : "The call for abstracts is closed. Thank you to everyone who submitted.",
  };
}

/** The current edition always has its call for abstracts (the content schema requires it). */
function submissionLimits(edition: ReturnType<typeof getCurrentEdition>) {
  return {
    maxPages: edition.abstracts?.maxPages ?? 20,
    maxSubmissionsPerUser: edition.abstracts?.maxSubmissionsPerUser ?? 10,
  };
}

// A refusal's Retry-After (the upload limits) goes out with the page that shows it.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url, guardMessages);
  const deps = getSubmissionDependencies();
  const replaceId = url.searchParams.get("replace");
  if (!isAcceptingAbstracts(await readCallForAbstracts(deps.db))) {
    return replaceId === null
      ? data({ message: "The call for abstracts is closed." }, 403)
      : data(
          {
            message: uploadRefusalMessage("read-only", submissionLimits(getCurrentEdition())),
          },
          409,
        );
  }
  const edition = getCurrentEdition();
  const limits = submissionLimits(edition);
  const outcome = await receiveAbstractUpload(deps, request, {
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    editionYear: edition.year,
    maxBytes: getEnv().maxUploadBytes,
    ...limits,
    replace:
      replaceId === null
        ? undefined
        : {
            submissionId: replaceId,
            // Re-read inside the transaction that records the new file: a call closed meanwhile wins.
            isStillEditable: async (db) => isAcceptingAbstracts(await readCallForAbstracts(db)),
          },
    alsoInTransaction: (trx, submissionId) =>
      queueAbstractReceipt(
        { db: trx, mailer: getMailer() },
        {
          submissionId,
          isReplacement: replaceId !== null,
          statusUrl: new URL(submissionPaths.status, getEnv().baseUrl).href,
        },
      ),
  });
  if (outcome.ok) {
    getMailer().wake();
    throw redirect(`${submissionPaths.status}?${replaceId === null ? "uploaded" : "replaced"}=1`);
  }
  const draft = outcome.draft;
  if (outcome.reason === "rows" && outcome.intent) {
    // No JavaScript: a co-author row button. The form comes back with the rows changed; a browser does
    // not keep a chosen file across pages, so the message says to choose it again.
    return {
      message: null,
      notice: "The co-author rows were updated. Choose your PDF again before uploading.",
      draft: {
        ...draft,
        coauthors: applyRowIntent(draft.coauthors, outcome.intent, emptyCoauthor),
      },
      fieldErrors: {},
    };
  }
  const answer = (message: string, status: number, fieldErrors: Record<string, string> = {}) =>
    data(
      { message, notice: null, draft, fieldErrors },
      { status, headers: retryAfterHeader(outcome.retryAfterSeconds) },
    );
  if (outcome.reason === "invalid-details" && outcome.details) {
    return answer(outcome.details.message, 400, outcome.details.fieldErrors);
  }
  return answer(
    uploadRefusalMessage(outcome.reason, {
      ...limits,
      pageCount: outcome.pageCount,
      maxMegabytes: Math.round(getEnv().maxUploadBytes / 1024 / 1024),
      retryAfterSeconds: outcome.retryAfterSeconds,
    }),
    uploadRefusalStatus(outcome.reason),
  );
}

export default function SubmitAbstract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SubmitAbstractPage
      {...loaderData}
      draft={actionData && "draft" in actionData ? actionData.draft : loaderData.draft}
      fieldErrors={actionData && "fieldErrors" in actionData ? actionData.fieldErrors : {}}
      notice={actionData && "notice" in actionData ? actionData.notice : null}
      message={actionData?.message}
    />
  );
}
