import { getCurrentEdition } from "~/content/editions";
import { accountMeta } from "~/features/accounts/account-meta";
import { requireProfile } from "~/features/accounts/session.server";
import { countSelfTaken, hasDeclaredConflict } from "~/features/review/assignments.server";
import { requireReviewerRole } from "~/features/review/review-access.server";
import { reviewMessages } from "~/features/review/review-messages";
import { parseAbstractNumber } from "~/features/review/review-paths";
import { handleReviewQueueAction } from "~/features/review/review-queue-actions.server";
import { type Notice, ReviewQueuePage } from "~/features/review/review-queue-page";
import { isReviewPeriodOpen } from "~/features/review/review-settings";
import { getReviewSettings } from "~/features/review/review-settings.server";
import { listReviewQueue } from "~/features/review/reviewer-reviews.server";
import { formatConferenceDateTime, formatConferenceDeadline } from "~/lib/dates";
import { getDatabase } from "~/lib/db/db.server";
import { documentPageHandle, openAsDocument } from "~/lib/request-context";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = () => accountMeta("Review");

// A document without framework JavaScript: its forms post as the browser's own (app/root.tsx).
export const handle = documentPageHandle;
export const clientLoader = openAsDocument;

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
          text: reviewMessages.conflictDeclared(conflict),
        } satisfies Notice)
      : allReviewedNotice(url, entries),
  };
}

/**
 * After "Submit and next" with nothing left: says so, only while it is true (the address is typable).
 */
function allReviewedNotice(url: URL, entries: { number: number; status: string }[]): Notice | null {
  const number = parseAbstractNumber(url.searchParams.get("allReviewed") ?? undefined);
  if (number === null || entries.some((entry) => entry.status !== "submitted")) return null;
  if (!entries.some((entry) => entry.number === number)) return null;
  return { kind: "success", text: reviewMessages.allReviewed(number) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireProfile(context, url);
  const { db } = getDatabase();
  requireReviewerRole(user);
  return handleReviewQueueAction(
    db,
    { id: user.id, editionYear: getCurrentEdition().year },
    await request.formData(),
  );
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewQueuePage {...loaderData} notice={actionData?.notice ?? loaderData.notice} />;
}
