import type { ExpressionBuilder, Kysely } from "kysely";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import { preparedQuery } from "~/lib/db/prepared-query.server";
import type { Database, MailState } from "~/lib/db/schema";
import { done, type Outcome, refuse } from "~/lib/outcome";
import type { MailLogQuery, MailStateFilter } from "./mail-log-query";
import type { MailAlert, WaitingMail } from "./mail-log-views";

// What organisers read of the outbox. Every query here names its columns: `text_body` and `html_body`
// may hold a verification or reset link (a key to someone's account) and are never selected; the body
// organisers read is `shown_text`.

export const mailLogPageSize = 50;

const statesOf: Record<Exclude<MailStateFilter, "all">, MailState[]> = {
  waiting: ["queued", "sending"],
  sent: ["sent"],
  failed: ["failed"],
};

/** The list's columns: everything a row shows, nothing that could hold a secret. */
const listColumns = [
  "id",
  "recipient",
  "subject",
  "kind",
  "cause",
  "state",
  "attempts",
  "last_error",
  "next_attempt_at",
  "created_at",
  "sent_at",
] as const;

export type MailLogRow = {
  id: string;
  recipient: string;
  subject: string;
  kind: string;
  cause: string;
  state: MailState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  created_at: string;
  sent_at: string | null;
};

/** The outbox, newest first, a page at a time, filtered by state and kind. */
export async function listMail(
  db: Kysely<Database>,
  query: MailLogQuery,
): Promise<{ rows: MailLogRow[]; total: number; page: number; pageCount: number }> {
  const filtered = db
    .selectFrom("mail_outbox")
    .$if(query.state !== "all", (builder) =>
      builder.where("state", "in", statesOf[query.state as Exclude<MailStateFilter, "all">]),
    )
    .$if(query.kind !== "", (builder) => builder.where("kind", "=", query.kind));
  const totalRow = await filtered
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirst();
  const total = Number(totalRow?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / mailLogPageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const rows = await filtered
    .select(listColumns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(mailLogPageSize)
    .offset((page - 1) * mailLogPageSize)
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, attempts: Number(row.attempts) })),
    total,
    page,
    pageCount,
  };
}

export type MailStateCounts = Record<Exclude<MailStateFilter, "all">, number>;

/** How many messages wait, were sent and failed (of one kind, when given). */
export async function countMailByState(
  db: Kysely<Database>,
  input: { kind: string },
): Promise<MailStateCounts> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("count")])
    .$if(input.kind !== "", (builder) => builder.where("kind", "=", input.kind))
    .groupBy("state")
    .execute();
  const counts: MailStateCounts = { waiting: 0, sent: 0, failed: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.state === "sent") counts.sent += count;
    else if (row.state === "failed") counts.failed += count;
    else counts.waiting += count;
  }
  return counts;
}

export type MailAttemptRow = {
  id: string;
  attempted_at: string;
  outcome: string;
  response: string | null;
};

export type MailMessageRow = MailLogRow & {
  message_id: string;
  shown_text: string;
  attempt_list: MailAttemptRow[];
};

/** One message as organisers may read it, with every delivery attempt, oldest first. */
export async function readMailMessage(
  db: Kysely<Database>,
  id: string,
): Promise<MailMessageRow | null> {
  const row = await db
    .selectFrom("mail_outbox")
    .select([...listColumns, "message_id", "shown_text"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const attempts = await db
    .selectFrom("mail_attempt")
    .select(["id", "attempted_at", "outcome", "response"])
    .where("outbox_id", "=", id)
    .orderBy("attempted_at")
    .orderBy("id")
    .execute();
  return { ...row, attempts: Number(row.attempts), attempt_list: attempts };
}

export type RetryRefusal = "messageGone" | "alreadyRetried";

/**
 * Queues a failed message again, due now. `attempts` is what the page showed: a second press, a
 * replayed post or a second tab finds the message queued (or tried again since) and retries nothing.
 * `last_error` stays until the next attempt replaces it.
 */
export async function retryMail(
  db: Kysely<Database>,
  input: { id: string; attempts: number; actor: AuditActor; now?: Date },
): Promise<Outcome<{ recipient: string }, RetryRefusal>> {
  const now = (input.now ?? new Date()).toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("mail_outbox")
      .select(["recipient", "subject"])
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!row) return refuse("messageGone");
    const result = await trx
      .updateTable("mail_outbox")
      .set({ state: "queued", next_attempt_at: now })
      .where("id", "=", input.id)
      .where("state", "=", "failed")
      .where("attempts", "=", input.attempts)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return refuse("alreadyRetried");
    await recordAdminAction(trx, {
      action: "retry-mail",
      actor: input.actor,
      details: `To ${row.recipient}: ${row.subject}`,
    });
    return done({ recipient: row.recipient });
  });
}

/** Messages with no attempt after `after`: the ones a page shown at that moment counted. */
function notTriedSince(after: string) {
  return (eb: ExpressionBuilder<Database, "mail_outbox">) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom("mail_attempt")
          .select("mail_attempt.id")
          .whereRef("mail_attempt.outbox_id", "=", "mail_outbox.id")
          .where("mail_attempt.attempted_at", ">", after),
      ),
    );
}

/**
 * Queues every failed message again that the confirming page counted (`shownAt`: when it was shown).
 * A second press or a replay finds them queued, or failed again by a later attempt, and retries none of
 * them twice. Returns how many were queued.
 */
export async function retryAllFailedMail(
  db: Kysely<Database>,
  input: { shownAt: Date; actor: AuditActor; now?: Date },
): Promise<number> {
  const now = input.now ?? new Date();
  // A page cannot have been shown after now: a later time would let a replay pass.
  const shownAt = new Date(Math.min(input.shownAt.getTime(), now.getTime())).toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("mail_outbox")
      .set({ state: "queued", next_attempt_at: now.toISOString() })
      .where("state", "=", "failed")
      .where(notTriedSince(shownAt))
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows);
    if (retried > 0)
      await recordAdminAction(trx, {
        action: "retry-all-mail",
        actor: input.actor,
        details: `${retried} failed ${retried === 1 ? "message" : "messages"} queued again`,
      });
    return retried;
  });
}

/** Mail has been failing for this long before the admin area says so. */
export const mailStuckAfterMs = 5 * 60_000;
export const mailFailedWithinMs = 24 * 60 * 60_000;

/**
 * Whether mail has been failing: one statement, run on every admin page, so built once
 * (`preparedQuery`). Each part reads only waiting or failed rows through the (state, next_attempt_at)
 * index, and a failed row's attempts through (outbox_id, attempted_at); sent mail, nearly all of the
 * table, is never read.
 */
const readMailAlertRow = preparedQuery(
  (db, { stuckBefore, failedAfter }: { stuckBefore: string; failedAfter: string }) =>
    db.selectNoFrom((eb) => [
      eb
        .selectFrom("mail_outbox")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .where("state", "=", "queued")
        .where("attempts", ">=", 1)
        .where("created_at", "<", stuckBefore)
        .as("stuck"),
      eb
        .selectFrom("mail_outbox")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .where("state", "in", ["queued", "sending"])
        .as("waiting"),
      eb
        .selectFrom("mail_outbox")
        .select("last_error")
        .where("state", "=", "queued")
        .where("attempts", ">=", 1)
        .where("created_at", "<", stuckBefore)
        .orderBy("next_attempt_at", "desc")
        .limit(1)
        .as("lastError"),
      eb
        .selectFrom("mail_outbox")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .where("state", "=", "failed")
        .where((inner) =>
          inner.exists(
            inner
              .selectFrom("mail_attempt")
              .select("mail_attempt.id")
              .whereRef("mail_attempt.outbox_id", "=", "mail_outbox.id")
              .where("mail_attempt.outcome", "=", "failed")
              .where("mail_attempt.attempted_at", ">", failedAfter),
          ),
        )
        .as("failed"),
    ]),
);

export async function readMailAlert(
  db: Kysely<Database>,
  now = new Date(),
): Promise<MailAlert | null> {
  const [row] = await readMailAlertRow(db, {
    stuckBefore: new Date(now.getTime() - mailStuckAfterMs).toISOString(),
    failedAfter: new Date(now.getTime() - mailFailedWithinMs).toISOString(),
  });
  const alert = {
    stuck: Number(row?.stuck ?? 0),
    waiting: Number(row?.waiting ?? 0),
    lastError: row?.lastError ?? null,
    failed: Number(row?.failed ?? 0),
  };
  return alert.stuck > 0 || alert.failed > 0 ? alert : null;
}

/** Messages of one kind still waiting to be sent, and whether the mail server is the reason. */
export async function readWaitingMail(
  db: Kysely<Database>,
  input: { kind: string },
): Promise<WaitingMail> {
  const waiting = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("state", "in", ["queued", "sending"])
    .where("kind", "=", input.kind)
    .executeTakeFirst();
  const count = Number(waiting?.count ?? 0);
  if (!count) return { count, trouble: null };
  const latest = await db
    .selectFrom("mail_attempt")
    .select(["outcome", "response", "attempted_at"])
    .orderBy("attempted_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const trouble =
    latest && latest.outcome !== "sent"
      ? { response: latest.response ?? "", at: latest.attempted_at }
      : null;
  return { count, trouble };
}
