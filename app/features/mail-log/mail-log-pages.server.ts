import type { Kysely } from "kysely";
import type { AuditActor } from "~/lib/audit.server";
import { formatConferenceDateTime } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import { hiddenLinkNote, isMailKind, mailKinds } from "~/lib/mail/outbox.server";
import { refusalData } from "~/lib/outcome";
import { z } from "~/lib/zod.server";
import {
  countMailByState,
  listMail,
  type MailLogRow,
  mailLogPageSize,
  readMailMessage,
  retryAllFailedMail,
  retryMail,
} from "./mail-log.server";
import { attemptOutcomeLabels, mailLogMessages, mailLogRefusals } from "./mail-log-messages";
import { readMailLogQuery } from "./mail-log-query";
import type { MailLogPageProps, MailMessagePageProps, MailRowView } from "./mail-log-views";

const kindLabel = (kind: string) => (isMailKind(kind) ? mailKinds[kind] : kind);

function rowView(row: MailLogRow): MailRowView {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    kindLabel: kindLabel(row.kind),
    cause: row.cause,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    queuedAtText: formatConferenceDateTime(row.created_at),
    sentAtText: row.sent_at ? formatConferenceDateTime(row.sent_at) : null,
    nextAttemptText:
      row.state === "queued" && row.attempts > 0
        ? formatConferenceDateTime(row.next_attempt_at)
        : null,
  };
}

/** The mail page's data: the filtered page of messages, the counts, and the retry-all question. */
export async function loadMailLogPage(
  db: Kysely<Database>,
  searchParams: URLSearchParams,
  now = new Date(),
): Promise<MailLogPageProps> {
  const query = readMailLogQuery(searchParams, isMailKind);
  const [list, counts, allCounts] = await Promise.all([
    listMail(db, query),
    countMailByState(db, { kind: query.kind }),
    query.kind ? countMailByState(db, { kind: "" }) : null,
  ]);
  const failedCount = (allCounts ?? counts).failed;
  return {
    query: { ...query, page: list.page },
    kinds: Object.entries(mailKinds).map(([value, label]) => ({ value, label })),
    rows: list.rows.map(rowView),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    pageSize: mailLogPageSize,
    counts,
    failedCount,
    confirmRetryAll:
      searchParams.get("confirm") === "retry-all" && failedCount > 0
        ? { shownAt: now.toISOString() }
        : null,
  };
}

/** One message's page; a message that does not exist is a 404. */
export async function loadMailMessagePage(
  db: Kysely<Database>,
  id: string,
): Promise<Omit<MailMessagePageProps, "notice">> {
  const row = await readMailMessage(db, id);
  if (!row) throw new Response("Not Found", { status: 404 });
  return {
    message: {
      ...rowView(row),
      messageId: row.message_id,
      shownText: row.shown_text,
      hasHiddenLinks: row.shown_text.includes(hiddenLinkNote),
    },
    attempts: row.attempt_list.map((attempt) => ({
      id: attempt.id,
      atText: formatConferenceDateTime(attempt.attempted_at),
      outcomeLabel: attemptOutcomeLabels[attempt.outcome] ?? attempt.outcome,
      response: attempt.response,
    })),
  };
}

const retryForm = z.object({
  messageId: z.string().max(100).catch(""),
  attempts: z.coerce.number().int().min(0).catch(-1),
});
const retryAllForm = z.object({ shownAt: z.string().max(40).catch("") });

export type MailLogActionDeps = {
  db: Kysely<Database>;
  /** Wakes the sender once the retry is committed. */
  wake: () => void;
};

/**
 * The mail pages' buttons: retry one failed message, retry every failed one (after the page asked to
 * confirm). The answer is the page's `{ message }`, with a status when refused.
 */
export async function handleMailLogAction(
  deps: MailLogActionDeps,
  actor: AuditActor,
  formData: FormData,
) {
  const intent = readIntent(formData, ["retry", "retry-all"] as const);
  if (intent === "retry") {
    const form = readForm(retryForm, formData);
    const fields = form.ok ? form.value : { messageId: "", attempts: -1 };
    const outcome = await retryMail(deps.db, {
      id: fields.messageId,
      attempts: fields.attempts,
      actor,
    });
    if (!outcome.ok) return refusalData(mailLogRefusals, outcome.reason);
    deps.wake();
    return { message: mailLogMessages.retried(outcome.value.recipient) };
  }
  if (intent === "retry-all") {
    const form = readForm(retryAllForm, formData);
    const shownAt = new Date(form.ok ? form.value.shownAt : "");
    // Without a valid time nothing was confirmed: nothing is retried.
    if (Number.isNaN(shownAt.getTime())) return refusalData(mailLogRefusals, "noneToRetry");
    const retried = await retryAllFailedMail(deps.db, { shownAt, actor });
    if (!retried) return refusalData(mailLogRefusals, "noneToRetry");
    deps.wake();
    return { message: mailLogMessages.retriedAll(retried) };
  }
  return refusalData(mailLogRefusals, "unknownAction");
}
