import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { done } from "~/lib/outcome";
import { listUnfinishedByReviewer, type UnfinishedReviewer } from "./committee-reviews.server";
import type { ReviewSettings } from "./review-settings";

type Db = Kysely<Database>;

/** How many reviewers were reminded of how many reviews. */
export type ReminderCounts = { reviewers: number; reviews: number };

/**
 * One email to each reviewer with unfinished reviews in the edition, listing them by number (the only
 * name reviewers know an abstract by). The run's audit entry and its messages commit together; the
 * outbox delivers them (and the mail page shows any the mail server refuses).
 */
export async function remindReviewers(
  deps: { db: Db; mailer: Mailer; logger: Pick<Logger, "error"> },
  input: {
    editionYear: number;
    actor: AuditActor;
    reviewUrl: string;
    settings: Pick<ReviewSettings, "isOpen" | "closesAt">;
  },
): Promise<{ ok: true; value: ReminderCounts }> {
  const unfinished = await listUnfinishedByReviewer(deps.db, input.editionYear);
  const reviews = unfinished.reduce((sum, reviewer) => sum + reviewer.unfinished.length, 0);
  if (!unfinished.length) return done({ reviewers: 0, reviews: 0 });
  const deadline =
    input.settings.isOpen && input.settings.closesAt
      ? `The review period closes at ${formatConferenceDateTime(input.settings.closesAt)}.`
      : null;
  const messages = unfinished.map((reviewer) => reminderEmail(reviewer, { ...input, deadline }));
  await deps.db.transaction().execute(async (trx) => {
    await recordAdminAction(trx, {
      action: "remind-reviewers",
      actor: input.actor,
      details: `${unfinished.length} ${unfinished.length === 1 ? "reviewer" : "reviewers"} reminded of ${reviews} unfinished ${reviews === 1 ? "review" : "reviews"}`,
    });
    await deps.mailer.queue(trx, messages, `Reviewers reminded by ${input.actor.label}`);
  });
  deps.mailer.wake();
  return done({ reviewers: unfinished.length, reviews });
}

const statusWords = { "not-started": "not started", draft: "draft saved, not submitted" } as const;

function reminderEmail(
  reviewer: UnfinishedReviewer,
  input: { editionYear: number; reviewUrl: string; deadline: string | null },
): MailMessage {
  const count = reviewer.unfinished.length;
  const text = [
    `Dear ${reviewer.firstName || "reviewer"},`,
    `You have ${count} unfinished ${count === 1 ? "review" : "reviews"} for ${editionName(input.editionYear)}:`,
    reviewer.unfinished
      .map((entry) => `- Abstract ${entry.number}: ${statusWords[entry.status]}`)
      .join("\n"),
    ...(input.deadline ? [input.deadline] : []),
    "Your review queue:",
    input.reviewUrl,
    `— ${site.name}`,
  ];
  return {
    to: reviewer.email,
    subject: `Reminder: ${count} unfinished ${count === 1 ? "review" : "reviews"} for ${editionName(input.editionYear)}`,
    text: `${text.join("\n\n")}\n`,
    kind: "review-reminder",
  };
}
