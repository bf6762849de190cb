import { data, redirect } from "react-router";
import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import {
  countSelfTaken,
  hasDeclaredConflict,
  takeNextAbstract,
} from "~/features/review/assignments.server";
import { requireReviewerRole } from "~/features/review/review-access.server";
import { parseAbstractNumber, reviewPaths } from "~/features/review/review-paths";
import { type Notice, ReviewQueuePage } from "~/features/review/review-queue-page";
import { getReviewSettings, isReviewPeriodOpen } from "~/features/review/review-settings.server";
import { listReviewQueue } from "~/features/review/reviews.server";
import { formatConferenceDateTime, formatConferenceDeadline } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = () => accountMeta("Review");

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireProfile(context, url);
  const { db } = getDatabase();
  requireReviewerRole(user);
  const year = getCurrentEdition().year;
  const [settings, entries] = await Promise.all([
    getReviewSettings(db, year),
    listReviewQueue(db, user.id, year),
  ]);
  const isOpen = isReviewPeriodOpen(settings);
  const canTakeNext = isOpen && settings.canSelfAssign;
  // The confirmation after declaring a conflict, shown only when there is one (the address is typable).
  const conflict = parseAbstractNumber(url.searchParams.get("conflict") ?? undefined);
  const hasConflictNotice =
    conflict !== null &&
    (await hasDeclaredConflict(db, { editionYear: year, reviewerId: user.id, number: conflict }));
  return {
    entries: entries.map((entry) => ({
      ...entry,
      updatedAtText: entry.updatedAt ? formatConferenceDateTime(entry.updatedAt) : null,
    })),
    isOpen,
    deadlineText: settings.closesAt ? formatConferenceDeadline(settings.closesAt) : null,
    canTakeNext,
    takenBefore: canTakeNext
      ? await countSelfTaken(db, { editionYear: year, reviewerId: user.id })
      : 0,
    notice: hasConflictNotice
      ? ({
          kind: "success",
          text: `Conflict declared successfully: abstract ${conflict} left your queue, and the committee was told.`,
        } satisfies Notice)
      : null,
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const { db } = getDatabase();
  requireReviewerRole(user);
  const form = await request.formData();
  if (form.get("intent") !== "take-next") {
    return data({ notice: { kind: "error", text: "Unknown request." } satisfies Notice }, 400);
  }
  const sentCount = form.get("takenBefore");
  const takenBefore =
    typeof sentCount === "string" && sentCount !== "" ? Number(sentCount) : Number.NaN;
  const outcome = await takeNextAbstract(db, {
    editionYear: getCurrentEdition().year,
    reviewerId: user.id,
    takenBefore: Number.isSafeInteger(takenBefore) && takenBefore >= 0 ? takenBefore : undefined,
  });
  if (outcome.ok) throw redirect(reviewPaths.abstract(outcome.number));
  return data(
    { notice: { kind: "error", text: outcome.message } satisfies Notice },
    outcome.reason === "none-left" ? 409 : 403,
  );
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewQueuePage {...loaderData} notice={actionData?.notice ?? loaderData.notice} />;
}
