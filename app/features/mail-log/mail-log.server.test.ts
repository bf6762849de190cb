import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/lib/db/schema";
import { claimDueMail, type MailKind, queueMail, recordAttempt } from "~/lib/mail/outbox.server";
import { testDatabaseTargets, useTestDatabases } from "../../../tests/support/test-databases";
import {
  countMailByState,
  listMail,
  mailLogPageSize,
  readMailAlert,
  readMailMessage,
  readWaitingMail,
  retryAllFailedMail,
  retryMail,
} from "./mail-log.server";

const chair = { userId: null, label: "chair@example.edu" };
const sender = "test-sender";
const minutes = (count: number) => count * 60_000;

async function queue(
  db: Kysely<Database>,
  to: string,
  input: { kind?: MailKind; subject?: string; cause?: string } = {},
) {
  const [id] = await queueMail(
    db,
    [
      {
        to,
        subject: input.subject ?? `Hello ${to}`,
        text: `Dear ${to}`,
        kind: input.kind ?? "account-notice",
      },
    ],
    { cause: input.cause ?? "A test", messageIdDomain: "example.edu" },
  );
  return id ?? "";
}

/** Claims every due message and gives each the outcome `outcomeOf` names. */
async function deliver(
  db: Kysely<Database>,
  at: Date,
  outcomeOf: (recipient: string) => "sent" | "retry" | "failed",
) {
  const claimed = await claimDueMail(db, {
    sender,
    now: at,
    leaseUntil: new Date(at.getTime() + minutes(5)),
    limit: 100,
  });
  for (const mail of claimed) {
    const outcome = outcomeOf(mail.recipient);
    await recordAttempt(
      db,
      mail,
      outcome === "sent"
        ? { sender, at, outcome }
        : outcome === "retry"
          ? {
              sender,
              at,
              outcome,
              response: "connect ECONNREFUSED 127.0.0.1:25",
              nextAttemptAt: new Date(at.getTime() + minutes(1)),
            }
          : { sender, at, outcome, response: "550 5.1.1 No such user" },
    );
  }
}

async function auditActions(db: Kysely<Database>) {
  const rows = await db.selectFrom("admin_audit").select(["action", "details"]).execute();
  return rows;
}

for (const target of testDatabaseTargets()) {
  describe(`the mail log on ${target.name}`, () => {
    const databases = useTestDatabases(target);

    it("lists newest first, filters by state and kind, and counts by state", async () => {
      const { db } = await databases.openMigrated();
      await queue(db, "sent@example.edu", { kind: "decision" });
      await queue(db, "refused@example.edu", { kind: "decision" });
      await deliver(db, new Date(), (to) => (to.startsWith("sent") ? "sent" : "failed"));
      await new Promise((resolve) => setTimeout(resolve, 5));
      await queue(db, "waiting@example.edu", { kind: "review-reminder" });

      const all = await listMail(db, { state: "all", kind: "", page: 1 });
      expect(all.total).toBe(3);
      expect(all.rows[0]?.recipient).toBe("waiting@example.edu");
      expect(all.rows.map((row) => row.state).sort()).toEqual(["failed", "queued", "sent"]);
      // Nothing that could hold an account link is read for the list.
      expect(Object.keys(all.rows[0] ?? {})).not.toContain("text_body");
      expect(Object.keys(all.rows[0] ?? {})).not.toContain("html_body");

      const failed = await listMail(db, { state: "failed", kind: "", page: 1 });
      expect(failed.rows.map((row) => [row.recipient, row.last_error, row.attempts])).toEqual([
        ["refused@example.edu", "550 5.1.1 No such user", 1],
      ]);
      const waiting = await listMail(db, { state: "waiting", kind: "", page: 1 });
      expect(waiting.rows.map((row) => row.recipient)).toEqual(["waiting@example.edu"]);
      const decisions = await listMail(db, { state: "all", kind: "decision", page: 1 });
      expect(decisions.rows.map((row) => row.recipient).sort()).toEqual([
        "refused@example.edu",
        "sent@example.edu",
      ]);

      expect(await countMailByState(db, { kind: "" })).toEqual({ waiting: 1, sent: 1, failed: 1 });
      expect(await countMailByState(db, { kind: "decision" })).toEqual({
        waiting: 0,
        sent: 1,
        failed: 1,
      });
    });

    it("pages by 50 and keeps a page past the end on the last one", async () => {
      const { db } = await databases.openMigrated();
      await queueMail(
        db,
        Array.from({ length: mailLogPageSize + 3 }, (_, index) => ({
          to: `person${index}@example.edu`,
          subject: "Hi",
          text: "Hi",
          kind: "group" as const,
        })),
        { cause: "Written by the chair", messageIdDomain: "example.edu" },
      );
      const first = await listMail(db, { state: "all", kind: "", page: 1 });
      expect([first.rows.length, first.pageCount, first.total]).toEqual([50, 2, 53]);
      const past = await listMail(db, { state: "all", kind: "", page: 9 });
      expect([past.page, past.rows.length]).toEqual([2, 3]);
      const ids = new Set([...first.rows, ...past.rows].map((row) => row.id));
      expect(ids.size).toBe(53);
    });

    it("reads one message with its attempts, never its stored body", async () => {
      const { db } = await databases.openMigrated();
      const token = "secret-token-123";
      const link = `https://example.edu/verify-email?token=${token}`;
      const [id = ""] = await queueMail(
        db,
        [
          {
            to: "new@example.edu",
            subject: "Verify your email address",
            text: `Click ${link}`,
            html: `<a href="${link}">Verify</a>`,
            kind: "account-verification",
            secrets: [link],
          },
        ],
        { cause: "Registration", messageIdDomain: "example.edu" },
      );
      const start = new Date();
      await deliver(db, start, () => "retry");
      await deliver(db, new Date(start.getTime() + minutes(2)), () => "sent");
      const message = await readMailMessage(db, id);
      expect(message?.state).toBe("sent");
      expect(message?.message_id).toBe(`<${id}@example.edu>`);
      expect(message?.attempt_list.map((attempt) => [attempt.outcome, attempt.response])).toEqual([
        ["retry", "connect ECONNREFUSED 127.0.0.1:25"],
        ["sent", null],
      ]);
      expect(JSON.stringify(message)).not.toContain(token);
      expect(message?.shown_text).toContain("[link sent: not shown");
      expect(await readMailMessage(db, "no-such-id")).toBeNull();
    });

    it("retries a failed message once, keeping its last error, and records it", async () => {
      const { db } = await databases.openMigrated();
      const id = await queue(db, "refused@example.edu", { subject: "Your decision" });
      await deliver(db, new Date(), () => "failed");
      const before = new Date();
      const outcome = await retryMail(db, { id, attempts: 1, actor: chair, now: before });
      expect(outcome).toEqual({ ok: true, value: { recipient: "refused@example.edu" } });
      const row = await db
        .selectFrom("mail_outbox")
        .select(["state", "next_attempt_at", "last_error", "attempts"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        state: "queued",
        next_attempt_at: before.toISOString(),
        last_error: "550 5.1.1 No such user",
        attempts: 1,
      });
      // The second press (a double click, a replay) finds it queued.
      expect(await retryMail(db, { id, attempts: 1, actor: chair })).toEqual({
        ok: false,
        reason: "alreadyRetried",
      });
      // Failed again since: a replay of the old form (1 attempt shown) does not retry it.
      await deliver(db, new Date(Date.now() + 1000), () => "failed");
      expect(await retryMail(db, { id, attempts: 1, actor: chair })).toEqual({
        ok: false,
        reason: "alreadyRetried",
      });
      expect(await retryMail(db, { id: "gone", attempts: 1, actor: chair })).toEqual({
        ok: false,
        reason: "messageGone",
      });
      expect(await auditActions(db)).toEqual([
        { action: "retry-mail", details: "To refused@example.edu: Your decision" },
      ]);
    });

    it("retries every failed message the confirming page counted, once", async () => {
      const { db } = await databases.openMigrated();
      await queue(db, "one@example.edu");
      await queue(db, "two@example.edu");
      await queue(db, "fine@example.edu");
      const failedAt = new Date();
      await deliver(db, failedAt, (to) => (to.startsWith("fine") ? "sent" : "failed"));
      const shownAt = new Date(failedAt.getTime() + 1000);
      const now = new Date(failedAt.getTime() + 2000);
      expect(await retryAllFailedMail(db, { shownAt, actor: chair, now })).toBe(2);
      expect(await countMailByState(db, { kind: "" })).toEqual({ waiting: 2, sent: 1, failed: 0 });
      // Replayed after both failed again: the page had counted them before those attempts.
      await deliver(db, new Date(now.getTime() + 1000), () => "failed");
      expect(await retryAllFailedMail(db, { shownAt, actor: chair })).toBe(0);
      // A time from the future counts as now: it cannot let a replay through.
      const later = new Date(now.getTime() + 500);
      expect(
        await retryAllFailedMail(db, {
          shownAt: new Date(now.getTime() + minutes(60)),
          actor: chair,
          now: later,
        }),
      ).toBe(0);
      expect(await auditActions(db)).toEqual([
        { action: "retry-all-mail", details: "2 failed messages queued again" },
      ]);
    });

    it("warns when mail has waited after a failed attempt for more than 5 minutes, or failed today", async () => {
      const { db } = await databases.openMigrated();
      expect(await readMailAlert(db)).toBeNull();
      await queue(db, "late@example.edu");
      const queuedAt = Date.now();
      // An outage: the first message is tried and waits; the next waits untried.
      await deliver(db, new Date(queuedAt + 10), () => "retry");
      await queue(db, "untried@example.edu");
      expect(await readMailAlert(db, new Date(queuedAt + minutes(4)))).toBeNull();
      expect(await readMailAlert(db, new Date(queuedAt + minutes(6)))).toEqual({
        stuck: 1,
        waiting: 2,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
        failed: 0,
      });

      await deliver(db, new Date(queuedAt + minutes(7)), () => "failed");
      const failedAlert = await readMailAlert(db, new Date(queuedAt + minutes(8)));
      expect(failedAlert).toMatchObject({ stuck: 0, waiting: 0, failed: 2 });
      // A day later it is no longer news.
      expect(await readMailAlert(db, new Date(queuedAt + minutes(8 + 24 * 60)))).toBeNull();
    });

    it("counts the decision mails still waiting, and says when the mail server is why", async () => {
      const { db } = await databases.openMigrated();
      expect(await readWaitingMail(db, { kind: "decision" })).toEqual({ count: 0, trouble: null });
      await queue(db, "author1@example.edu", { kind: "decision" });
      await queue(db, "author2@example.edu", { kind: "decision" });
      await queue(db, "other@example.edu", { kind: "account-notice" });
      expect(await readWaitingMail(db, { kind: "decision" })).toEqual({ count: 2, trouble: null });
      const at = new Date();
      await deliver(db, at, () => "retry");
      expect(await readWaitingMail(db, { kind: "decision" })).toEqual({
        count: 2,
        trouble: { response: "connect ECONNREFUSED 127.0.0.1:25", at: at.toISOString() },
      });
      // Once an attempt gets through, the mail waits only its turn.
      await db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: new Date(at.getTime() + minutes(60)).toISOString() })
        .where("recipient", "!=", "author1@example.edu")
        .execute();
      await deliver(db, new Date(at.getTime() + minutes(2)), () => "sent");
      expect(await readWaitingMail(db, { kind: "decision" })).toEqual({ count: 1, trouble: null });
    });
  });
}
