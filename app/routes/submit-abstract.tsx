import { data, redirect } from "react-router";
import { editionName } from "~/content/conference";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import {
  isAcceptingAbstracts,
  readCallForAbstracts,
} from "~/features/submissions/call-for-abstracts.server";
import { getSubmissionDependencies } from "~/features/submissions/submission-dependencies.server";
import { refusalMessages, uploadMessages } from "~/features/submissions/submission-messages";
import { submissionPaths } from "~/features/submissions/submission-paths";
import {
  receiveAbstractUpload,
  type UploadRefusal,
} from "~/features/submissions/submissions.server";
import { SubmitAbstractPage } from "~/features/submissions/submit-abstract-page";
import { getEnv } from "~/lib/env.server";
import type { Route } from "./+types/submit-abstract";

export const meta: Route.MetaFunction = () => accountMeta("Submit an Abstract");

// SPEC's messages for this page's redirects, not the generic ones.
const guardMessages = {
  signedOut: "You Must Log In to Submit an Abstract",
  noProfile: "Please complete your profile before proceeding",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  requireProfile(context, url, guardMessages);
  const edition = getCurrentEdition();
  const call = await readCallForAbstracts(getSubmissionDependencies().db);
  return {
    editionName: editionName(edition.year),
    guidelines: edition.abstracts?.guidelines ?? [],
    deadline: edition.abstracts?.deadline ?? "",
    maxMegabytes: Math.round(getEnv().maxUploadBytes / 1024 / 1024),
    ...submissionLimits(edition),
    isOpen: isAcceptingAbstracts(call),
  };
}

/** The current edition always has its call for abstracts (the content schema requires it). */
function submissionLimits(edition: ReturnType<typeof getCurrentEdition>) {
  return {
    maxPages: edition.abstracts?.maxPages ?? 20,
    maxSubmissionsPerUser: edition.abstracts?.maxSubmissionsPerUser ?? 10,
  };
}

const reasons: Record<
  UploadRefusal,
  | string
  | ((call: { maxPages: number; maxSubmissionsPerUser: number; pageCount?: number }) => string)
> = {
  "no-file": "",
  empty: "The file is empty.",
  "too-large": "The file is larger than the limit.",
  "not-a-pdf": "The file is not a PDF.",
  damaged: "The PDF seems damaged or incomplete; please export it again.",
  encrypted: refusalMessages.encrypted,
  "active-content": refusalMessages.activeContent,
  "too-complex": refusalMessages.tooComplex,
  busy: refusalMessages.busy,
  "too-many-pages": ({ pageCount, maxPages }) => refusalMessages.tooManyPages(pageCount, maxPages),
  "limit-reached": ({ maxSubmissionsPerUser }) =>
    refusalMessages.limitReached(maxSubmissionsPerUser),
  error: "",
  aborted: "The upload did not arrive completely; please try again.",
};

/** A refusal's HTTP status: the client's file (400), the client's quota (409), our capacity (503). */
function refusalStatus(reason: UploadRefusal): number {
  if (reason === "too-large") return 413;
  if (reason === "limit-reached") return 409;
  if (reason === "busy") return 503;
  if (reason === "error") return 500;
  return 400;
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url, guardMessages);
  const deps = getSubmissionDependencies();
  const attempt = Date.now();
  if (!isAcceptingAbstracts(await readCallForAbstracts(deps.db))) {
    return data({ message: "The call for abstracts is closed.", attempt }, 403);
  }
  const edition = getCurrentEdition();
  const limits = submissionLimits(edition);
  const outcome = await receiveAbstractUpload(deps, request, {
    userId: user.id,
    authorNames: [user.firstName, user.lastName],
    editionYear: edition.year,
    maxBytes: getEnv().maxUploadBytes,
    ...limits,
  });
  if (outcome.ok) throw redirect(`${submissionPaths.status}?uploaded=1`);
  if (outcome.reason === "no-file") return data({ message: uploadMessages.noFile, attempt }, 400);
  const reason = reasons[outcome.reason];
  const why =
    typeof reason === "function" ? reason({ ...limits, pageCount: outcome.pageCount }) : reason;
  return data(
    { message: `${uploadMessages.failed}${why ? ` ${why}` : ""}`, attempt },
    refusalStatus(outcome.reason),
  );
}

export default function SubmitAbstract({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SubmitAbstractPage
      {...loaderData}
      message={actionData?.message}
      attempt={actionData?.attempt}
    />
  );
}
