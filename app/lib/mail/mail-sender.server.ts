import os from "node:os";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema";
import { classifyDeliveryError, type MailTransport } from "./mail-transport.server";
import {
  bringWaitingMailForward,
  type ClaimedMail,
  claimDueMail,
  nextDueAt,
  recordAttempt,
  releaseClaims,
  renewLease,
  sendingBudget,
} from "./outbox.server";

export type MailSenderOptions = {
  db: Kysely<Database>;
  transport: MailTransport;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Messages per minute over every server (0: no limit). */
  ratePerMinute: number;
  /** This process, in the leases and the attempt log. */
  senderId?: string;
  /** How often the outbox is looked at without a wake-up (messages queued by another server, retries). */
  pollMs?: number;
  /** The first retry's delay; each next one doubles, up to `maxRetryDelayMs`. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** A message still failing temporarily this long after it was queued is marked failed. */
  giveUpAfterMs?: number;
  /** A claim this old is someone's crash: another sender may take the message again. */
  leaseMs?: number;
  batchSize?: number;
};

export type MailSender = {
  /** Committed messages wait: look now (a verification mail leaves within the second). */
  wake: () => void;
  /** Delivers everything due now and resolves when nothing due is left (tests, the `mail` command). */
  drain: () => Promise<void>;
  /** Finishes the message in hand, gives the rest of its batch back, and stops. */
  stop: () => Promise<void>;
  readonly id: string;
};

export const mailRetryDefaults = {
  pollMs: 5_000,
  retryBaseMs: 10_000,
  maxRetryDelayMs: 10 * 60_000,
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
  // One delivery at most: the transport's timeouts (connection 20 s, greeting 20 s, socket 60 s).
  leaseMs: 2 * 60_000,
  batchSize: 20,
};

/** 10 s, 20 s, 40 s ... up to 10 minutes: a two-minute outage costs at most a couple of minutes. */
export function retryDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Delivers the outbox. Every server process runs one; the outbox's leases make each message go through
 * exactly one of them. A temporary failure (4xx, a dropped connection) is retried with growing delays;
 * a permanent one (5xx for the address) is marked failed with the server's answer; an unreachable mail
 * server stops the batch untried, so an outage costs one connection attempt, not one per message.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const settings = {
    ratePerMinute: options.ratePerMinute,
    pollMs: options.pollMs ?? mailRetryDefaults.pollMs,
    retryBaseMs: options.retryBaseMs ?? mailRetryDefaults.retryBaseMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? mailRetryDefaults.maxRetryDelayMs,
    giveUpAfterMs: options.giveUpAfterMs ?? mailRetryDefaults.giveUpAfterMs,
    leaseMs: options.leaseMs ?? mailRetryDefaults.leaseMs,
    batchSize: options.batchSize ?? mailRetryDefaults.batchSize,
  };
  const senderId = options.senderId ?? `${os.hostname()}:${process.pid}`;
  let isRunning = false;
  let isRequested = false;
  let isStopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastUnreachableLog = 0;
  // Since when this process has found the mail server unreachable: it waits as long again as the outage
  // has lasted (10 s at first, at most 10 minutes), so the wait follows time, not how many batches and
  // processes happened to look.
  let unreachableSince: number | null = null;
  const outageDelayMs = (now: number) =>
    Math.min(
      settings.maxRetryDelayMs,
      Math.max(settings.retryBaseMs, now - (unreachableSince ?? now)),
    );

  const schedule = (delayMs: number) => {
    if (isStopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => run(), Math.max(0, Math.min(delayMs, settings.pollMs)));
    timer.unref();
  };

  const run = (): Promise<void> => {
    if (isStopped) return current;
    if (isRunning) {
      isRequested = true;
      return current;
    }
    isRunning = true;
    current = (async () => {
      let nextLookMs = settings.pollMs;
      try {
        do {
          isRequested = false;
          const result = await deliverBatch();
          nextLookMs = result.nextLookMs;
          if (result.delivered > 0) isRequested = true;
        } while (isRequested && !isStopped);
      } catch (error) {
        options.logger.error({ err: error }, "the mail sender could not read the outbox");
      } finally {
        isRunning = false;
        schedule(nextLookMs);
      }
    })();
    return current;
  };

  async function deliverBatch(): Promise<{ delivered: number; nextLookMs: number }> {
    const now = new Date();
    const budget = await sendingBudget(options.db, { perMinute: settings.ratePerMinute, now });
    if (budget <= 0) return { delivered: 0, nextLookMs: 1_000 };
    const claimed = await claimDueMail(options.db, {
      sender: senderId,
      now,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      limit: Math.min(settings.batchSize, budget),
    });
    if (!claimed.length) {
      const due = await nextDueAt(options.db);
      return { delivered: 0, nextLookMs: due ? due.getTime() - Date.now() : settings.pollMs };
    }
    let delivered = 0;
    for (const [index, mail] of claimed.entries()) {
      if (isStopped) {
        await releaseClaims(options.db, claimed.slice(index), {
          sender: senderId,
          nextAttemptAt: new Date(),
        });
        break;
      }
      const isStillOurs = await renewLease(options.db, mail, {
        sender: senderId,
        leaseUntil: new Date(Date.now() + settings.leaseMs),
      });
      if (!isStillOurs) continue;
      const outcome = await deliverOne(mail);
      delivered++;
      if (outcome === "unreachable") {
        // The rest wait with the message that found the server down, untried.
        const retryAt = new Date(Date.now() + outageDelayMs(Date.now()));
        await releaseClaims(options.db, claimed.slice(index + 1), {
          sender: senderId,
          nextAttemptAt: retryAt,
        });
        return { delivered: 0, nextLookMs: retryAt.getTime() - Date.now() };
      }
    }
    return { delivered, nextLookMs: 0 };
  }

  function retryDelayFor(attempt: number): number {
    return retryDelayMs(attempt, settings.retryBaseMs, settings.maxRetryDelayMs);
  }

  async function deliverOne(
    mail: ClaimedMail,
  ): Promise<"sent" | "retry" | "failed" | "unreachable"> {
    try {
      await options.transport.deliver({
        id: mail.id,
        messageId: mail.message_id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        queuedAt: mail.created_at,
      });
    } catch (raw) {
      const error = classifyDeliveryError(raw);
      const at = new Date();
      const attempt = mail.attempts + 1;
      if (error.kind === "unreachable") unreachableSince ??= at.getTime();
      const isTooOld = at.getTime() - new Date(mail.created_at).getTime() >= settings.giveUpAfterMs;
      if (error.kind === "refused" || isTooOld) {
        const response = isTooOld
          ? `Gave up after ${attempt} attempts: ${error.response}`
          : error.response;
        await recordAttempt(options.db, mail, {
          sender: senderId,
          at,
          outcome: "failed",
          response,
        });
        options.logger.warn({ to: mail.recipient, response }, "mail failed");
        return "failed";
      }
      await recordAttempt(options.db, mail, {
        sender: senderId,
        at,
        outcome: "retry",
        response: error.response,
        nextAttemptAt: new Date(
          at.getTime() +
            (error.kind === "unreachable" ? outageDelayMs(at.getTime()) : retryDelayFor(attempt)),
        ),
      });
      if (error.kind === "unreachable") {
        // One line a minute while the server is down, not one per message and per process.
        if (at.getTime() - lastUnreachableLog > 60_000) {
          lastUnreachableLog = at.getTime();
          options.logger.error(
            { response: error.response, transport: options.transport.describe() },
            "the mail server cannot be reached: mail waits in the outbox and is retried",
          );
        }
        return "unreachable";
      }
      options.logger.warn({ to: mail.recipient, response: error.response }, "mail will be retried");
      return "retry";
    }
    // The message is with the server. If recording that fails (the database went away), the lease runs
    // out and the message is sent again with the same Message-ID, which the receiving side can match.
    await recordAttempt(options.db, mail, { sender: senderId, at: new Date(), outcome: "sent" });
    if (unreachableSince !== null) {
      unreachableSince = null;
      await bringWaitingMailForward(options.db, new Date());
    }
    return "sent";
  }

  schedule(0);
  return {
    id: senderId,
    wake: () => {
      void run();
    },
    drain: async () => {
      do {
        await run();
        await current;
      } while (isRunning);
    },
    stop: async () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await current;
      options.transport.close();
    },
  };
}
