import crypto from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema";

/**
 * What a message is, for the organisers' mail page (its filter and its words). Every message the site
 * sends has one.
 */
export const mailKinds = {
  "account-verification": "Email verification",
  "password-reset": "Password reset",
  "account-notice": "Account notice",
  "abstract-receipt": "Abstract receipt",
  "review-assignment": "Review assignment",
  "review-reminder": "Reviewer reminder",
  "conflict-notice": "Conflict notice",
  decision: "Decision",
  "presenter-reminder": "Presenter reminder",
  "attendance-notice": "Attendance notice",
  "program-change": "Program change",
  group: "Written by organisers",
} as const;
export type MailKind = keyof typeof mailKinds;

export function isMailKind(value: string): value is MailKind {
  return Object.hasOwn(mailKinds, value);
}

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /**
   * Text organisers must never read, such as a verification or reset link (its token opens the
   * account): the mail page shows a note in its place, and the body is dropped once sent.
   */
  secrets?: readonly string[];
};

/** What the mail page shows where a secret link was. */
export const hiddenLinkNote = "[link sent: not shown, it opens the account]";

/**
 * Where the Message-ID's domain comes from: the site's own host, so replies and bounces name it and a
 * retry of an uncertain send carries the same id.
 */
export type OutboxOptions = { messageIdDomain: string };

/**
 * Writes messages to the outbox. Call it with the transaction of the change that causes them: they
 * commit with it or not at all. Nothing is sent here; the sender delivers committed rows.
 */
export async function queueMail(
  db: Kysely<Database>,
  messages: readonly MailMessage[],
  input: { cause: string } & OutboxOptions,
): Promise<string[]> {
  if (!messages.length) return [];
  const now = new Date().toISOString();
  const rows = messages.map((message) => {
    const id = crypto.randomUUID();
    const recipient = oneLine(message.to);
    // A typed co-author address with a comma or a line break could name more people than the one
    // meant: it is kept as failed for organisers to see, and never sent (nor blocks the others).
    const isOneAddress = oneAddressPattern.test(recipient);
    return {
      id,
      message_id: `<${id}@${input.messageIdDomain}>`,
      kind: message.kind,
      cause: input.cause.slice(0, 500),
      // Header injection: a line break in an address or subject never reaches a header as such.
      recipient: recipient.slice(0, 320),
      subject: oneLine(message.subject),
      text_body: message.text,
      html_body: message.html ?? null,
      shown_text: hideSecrets(message.text, message.secrets),
      state: isOneAddress ? ("queued" as const) : ("failed" as const),
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      leased_by: null,
      last_error: isOneAddress ? null : notOneAddressError,
      created_at: now,
      sent_at: null,
    };
  });
  // Chunks keep each statement within both databases' parameter limits (18 columns a row).
  for (let start = 0; start < rows.length; start += 50)
    await db
      .insertInto("mail_outbox")
      .values(rows.slice(start, start + 50))
      .execute();
  return rows.map((row) => row.id);
}

const oneAddressPattern = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;
export const notOneAddressError = "Not sent: the recipient is not one email address.";

function oneLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();
}

export function hideSecrets(text: string, secrets: readonly string[] | undefined): string {
  let shown = text;
  for (const secret of secrets ?? []) if (secret) shown = shown.split(secret).join(hiddenLinkNote);
  return shown;
}

export type ClaimedMail = Pick<
  MailOutboxTable,
  | "id"
  | "message_id"
  | "recipient"
  | "subject"
  | "text_body"
  | "html_body"
  | "shown_text"
  | "attempts"
  | "created_at"
>;

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Takes up to `limit` due messages for this sender until `leaseUntil`: queued ones whose time has come,
 * and ones whose sender's lease ran out (it died mid-send). One statement: on PostgreSQL the rows are
 * locked with SKIP LOCKED, so two servers never take the same row; SQLite runs one writer at a time.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  input: { sender: string; now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMail[]> {
  if (input.limit <= 0) return [];
  const now = input.now.toISOString();
  const due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "queued"), eb("next_attempt_at", "<=", now)]),
        eb.and([eb("state", "=", "sending"), eb("lease_until", "<", now)]),
      ]),
    )
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .limit(input.limit)
    .$if(isPostgres(db), (query) => query.forUpdate().skipLocked());
  const claimed = await db
    .updateTable("mail_outbox")
    .set({
      state: "sending",
      lease_until: input.leaseUntil.toISOString(),
      leased_by: input.sender,
    })
    .where("id", "in", due)
    .returning([
      "id",
      "message_id",
      "recipient",
      "subject",
      "text_body",
      "html_body",
      "shown_text",
      "attempts",
      "created_at",
    ])
    .execute();
  return claimed.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export type AttemptOutcome =
  | { outcome: "sent" }
  | { outcome: "retry"; response: string; nextAttemptAt: Date }
  | { outcome: "failed"; response: string };

/**
 * Records one attempt and moves the message on. Only the sender holding the lease may: a sender whose
 * lease ran out (and whose message another sender took) records nothing.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  mail: ClaimedMail,
  input: { sender: string; at: Date } & AttemptOutcome,
): Promise<boolean> {
  const at = input.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const base = trx
      .updateTable("mail_outbox")
      .where("id", "=", mail.id)
      .where("state", "=", "sending")
      .where("leased_by", "=", input.sender);
    const attempts = sql<number>`attempts + 1`;
    const result =
      input.outcome === "sent"
        ? await base
            .set({
              state: "sent",
              attempts,
              sent_at: at,
              lease_until: null,
              leased_by: null,
              last_error: null,
              // A sent account link has done its job: organisers and backups keep only what they may read.
              text_body: mail.shown_text,
              ...(mail.shown_text !== mail.text_body ? { html_body: null } : {}),
            })
            .executeTakeFirst()
        : await base
            .set({
              state: input.outcome === "retry" ? "queued" : "failed",
              attempts,
              lease_until: null,
              leased_by: null,
              last_error: input.response.slice(0, 1000),
              ...(input.outcome === "retry"
                ? { next_attempt_at: input.nextAttemptAt.toISOString() }
                : {}),
            })
            .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto("mail_attempt")
      .values({
        id: crypto.randomUUID(),
        outbox_id: mail.id,
        attempted_at: at,
        outcome: input.outcome,
        response: input.outcome === "sent" ? null : input.response.slice(0, 1000),
        sender: input.sender,
      })
      .execute();
    return true;
  });
}

/**
 * Renews this sender's lease on one message just before delivering it, so a lease needs to cover one
 * delivery, not a whole batch. False when the lease ran out and another sender took the message.
 */
export async function renewLease(
  db: Kysely<Database>,
  mail: ClaimedMail,
  input: { sender: string; leaseUntil: Date },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ lease_until: input.leaseUntil.toISOString() })
    .where("id", "=", mail.id)
    .where("state", "=", "sending")
    .where("leased_by", "=", input.sender)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * At start-up: messages claimed by a process of this host that no longer runs (killed mid-send) go back
 * to the queue at once instead of waiting for their lease to run out. Their Message-ID stays, so a
 * message the dead process had already handed over is recognisably the same one when sent again.
 */
export async function releaseLeasesOfDeadSenders(
  db: Kysely<Database>,
  input: { host: string; isAlive: (pid: number) => boolean },
): Promise<number> {
  const held = await db
    .selectFrom("mail_outbox")
    .select(["leased_by"])
    .distinct()
    .where("state", "=", "sending")
    .where("leased_by", "like", `${input.host}:%`)
    .execute();
  const dead = held
    .map((row) => row.leased_by ?? "")
    .filter((sender) => {
      const pid = Number(sender.slice(input.host.length + 1));
      return Number.isInteger(pid) && pid > 0 && !input.isAlive(pid);
    });
  if (!dead.length) return 0;
  const result = await db
    .updateTable("mail_outbox")
    .set({ state: "queued", lease_until: null, leased_by: null })
    .where("state", "=", "sending")
    .where("leased_by", "in", dead)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The mail server answers again after an outage: every message waiting for a later look goes now
 * instead of at the time the outage set for it.
 */
export async function bringWaitingMailForward(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ next_attempt_at: now.toISOString() })
    .where("state", "=", "queued")
    .where("next_attempt_at", ">", now.toISOString())
    .execute();
}

/** Gives claimed messages back untried (the mail server is unreachable, or the sender is stopping). */
export async function releaseClaims(
  db: Kysely<Database>,
  mails: readonly ClaimedMail[],
  input: { sender: string; nextAttemptAt: Date },
): Promise<void> {
  if (!mails.length) return;
  await db
    .updateTable("mail_outbox")
    .set({
      state: "queued",
      lease_until: null,
      leased_by: null,
      next_attempt_at: input.nextAttemptAt.toISOString(),
    })
    .where(
      "id",
      "in",
      mails.map((mail) => mail.id),
    )
    .where("state", "=", "sending")
    .where("leased_by", "=", input.sender)
    .execute();
}

/**
 * How many more messages may go now under a rate of `perMinute`: every server's attempts in the last
 * minute count, and so do messages claimed and not yet tried.
 */
export async function sendingBudget(
  db: Kysely<Database>,
  input: { perMinute: number; now: Date },
): Promise<number> {
  if (input.perMinute <= 0) return Number.POSITIVE_INFINITY;
  const since = new Date(input.now.getTime() - 60_000).toISOString();
  const [attempts, inFlight] = await Promise.all([
    db
      .selectFrom("mail_attempt")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("attempted_at", ">", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("state", "=", "sending")
      .where("lease_until", ">=", input.now.toISOString())
      .executeTakeFirstOrThrow(),
  ]);
  return Math.max(0, input.perMinute - Number(attempts.count) - Number(inFlight.count));
}

/** When the soonest queued message is due (null when none waits): the sender's next wake-up. */
export async function nextDueAt(db: Kysely<Database>): Promise<Date | null> {
  const row = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.min("next_attempt_at").as("due"))
    .where("state", "=", "queued")
    .executeTakeFirst();
  return row?.due ? new Date(String(row.due)) : null;
}
