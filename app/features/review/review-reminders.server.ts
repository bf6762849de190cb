import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { editionName } from "~/content/conference";
import { loadMailTemplates } from "~/features/mail-templates/mail-template-store.server";
import type { MailTemplateValues } from "~/features/mail-templates/mail-templates";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import type { Mailer } from "~/lib/mail/mailer.server";
import { done } from "~/lib/outcome";
import { listUnfinishedByReviewer, type UnfinishedReviewer } from "./committee-reviews.server";
import type { ReviewSettings } from "./review-settings";

type Db = Kysely<Database>;

/** How many reviewers were reminded of how many reviews; `auditId` names the run's audit entry. */
export type ReminderCounts = { reviewers: number; reviews: number; auditId?: string };

/** The audit entry's details of a run, which `remindersRecorded` reads back. */
function reminderDetails(counts: { reviewers: number; reviews: number }) {
  return `${counts.reviewers} ${counts.reviewers === 1 ? "reviewer" : "reviewers"} reminded of ${counts.reviews} unfinished ${counts.reviews === 1 ? "review" : "reviews"}`;
}

/** How long the page after a run says what it sent: longer, an old address would read as news. */
const reminderNoticeMs = 15 * 60_000;

/**
 * The counts of a reminder run that this admin made in the last quarter of an hour, from its audit
 * entry: the page after a run names it in its address (a reload reads it instead of mailing again),
 * and an address typed, replayed later or by another admin says nothing.
 */
export async function remindersRecorded(
  db: Db,
  input: { auditId: string; actorUserId: string; now?: Date },
): Promise<ReminderCounts | null> {
  // Audit ids are UUIDs; anything else (a NUL byte PostgreSQL refuses, a megabyte) is not looked up.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(input.auditId))
    return null;
  const entry = await db
    .selectFrom("admin_audit")
    .select(["details", "created_at"])
    .where("id", "=", input.auditId)
    .where("action", "=", "remind-reviewers")
    .where("actor_user_id", "=", input.actorUserId)
    .executeTakeFirst();
  if (!entry?.details) return null;
  const age = (input.now ?? new Date()).getTime() - Date.parse(entry.created_at);
  if (!(age >= 0 && age <= reminderNoticeMs)) return null;
  const counts = /^(\d+) reviewers? reminded of (\d+) unfinished reviews?$/.exec(entry.details);
  return counts ? { reviewers: Number(counts[1]), reviews: Number(counts[2]) } : null;
}

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
  const auditId = await deps.db.transaction().execute(async (trx) => {
    // Read in the reminder's transaction: the messages use the template as saved at this moment.
    const templates = await loadMailTemplates(trx);
    const messages = unfinished.map((reviewer) => ({
      to: reviewer.email,
      ...templates.render("reviewer-reminder", reviewerReminderValues(reviewer, input)),
      kind: "review-reminder" as const,
    }));
    const id = await recordAdminAction(trx, {
      action: "remind-reviewers",
      actor: input.actor,
      details: reminderDetails({ reviewers: unfinished.length, reviews }),
    });
    await deps.mailer.queue(trx, messages, `Reviewers reminded by ${input.actor.label}`);
    return id;
  });
  deps.mailer.wake();
  return done({ reviewers: unfinished.length, reviews, auditId });
}

const statusWords = { "not-started": "not started", draft: "draft saved, not submitted" } as const;

/** What one reviewer's reminder is filled with: their unfinished reviews by number, the closing time. */
export function reviewerReminderValues(
  reviewer: UnfinishedReviewer,
  input: {
    editionYear: number;
    reviewUrl: string;
    settings: Pick<ReviewSettings, "isOpen" | "closesAt">;
  },
): MailTemplateValues<"reviewer-reminder"> {
  const count = reviewer.unfinished.length;
  return {
    name: reviewer.firstName || "reviewer",
    conference: editionName(input.editionYear),
    unfinished_count: `${count} unfinished ${count === 1 ? "review" : "reviews"}`,
    unfinished_reviews: reviewer.unfinished
      .map((entry) => `- Abstract ${entry.number}: ${statusWords[entry.status]}`)
      .join("\n"),
    deadline:
      input.settings.isOpen && input.settings.closesAt
        ? `The review period closes at ${formatConferenceDateTime(input.settings.closesAt)}.`
        : "",
    review_link: input.reviewUrl,
  };
}
