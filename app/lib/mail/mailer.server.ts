import path from "node:path";
import type { Kysely } from "kysely";
import { site } from "~/content/site";
import type { Database } from "../db/schema";
import { getDatabase } from "../db/db.server";
import { getEnv } from "../env.server";
import { getLogger } from "../logger.server";
import { singleton } from "../singleton.server";
import { createMailSender, type MailSender } from "./mail-sender.server";
import { createMailTransport, type MailTransport } from "./mail-transport.server";
import { type MailMessage, queueMail } from "./outbox.server";

export type { MailKind, MailMessage } from "./outbox.server";

/**
 * How features send mail. Nothing is sent inside a request: messages are queued in the outbox and the
 * process's sender delivers them (retrying, at the configured rate).
 */
export type Mailer = {
  /**
   * Queues messages in the caller's transaction, so they go if and only if the change commits. Call
   * `wake` after the commit.
   */
  queue: (db: Kysely<Database>, messages: readonly MailMessage[], cause: string) => Promise<void>;
  /** Queues one message on its own (the message is the whole change) and wakes the sender. */
  send: (message: MailMessage, cause: string) => Promise<void>;
  /** Messages were committed: the sender looks at once instead of at its next poll. */
  wake: () => void;
  /** Where mail goes, for the start-up log: never includes a password. */
  describe: () => string;
};

export function createOutboxMailer(input: {
  db: Kysely<Database>;
  messageIdDomain: string;
  describe: () => string;
  wake: () => void;
}): Mailer {
  const queue: Mailer["queue"] = async (db, messages, cause) => {
    await queueMail(db, messages, { cause, messageIdDomain: input.messageIdDomain });
  };
  return {
    queue,
    send: async (message, cause) => {
      await queue(input.db, [message], cause);
      input.wake();
    },
    wake: input.wake,
    describe: input.describe,
  };
}

function mailSettings() {
  const env = getEnv();
  return {
    from: env.mailFrom ?? `"${site.name}" <no-reply@${new URL(env.baseUrl).hostname}>`,
    messageIdDomain: new URL(env.baseUrl).hostname,
    smtpUrl: env.smtpUrl,
    mailDir: path.join(env.dataDir, "mail"),
    ratePerMinute: env.mailRatePerMinute,
  };
}

/** The process's transport (SMTP or files), from SMTP_URL, MAIL_FROM and DATA_DIR. */
export function getMailTransport(): MailTransport {
  return singleton("mail-transport", () => {
    const settings = mailSettings();
    return createMailTransport({ ...settings, logger: getLogger() });
  });
}

let processSender: MailSender | undefined;

/**
 * Starts this process's sender (each server worker runs one; the outbox's leases share the work). Until
 * it runs, queued mail waits in the database: tests and commands that only queue never send.
 */
export function startMailSender(): MailSender {
  processSender ??= createMailSender({
    db: getDatabase().db,
    transport: getMailTransport(),
    logger: getLogger(),
    ratePerMinute: mailSettings().ratePerMinute,
  });
  return processSender;
}

export async function stopMailSender(): Promise<void> {
  const sender = processSender;
  processSender = undefined;
  await sender?.stop();
}

/** The process's mailer: queues into the process's database and wakes the process's sender. */
export function getMailer(): Mailer {
  return singleton("mailer", () => {
    const settings = mailSettings();
    return createOutboxMailer({
      db: getDatabase().db,
      messageIdDomain: settings.messageIdDomain,
      describe: () => getMailTransport().describe(),
      wake: () => processSender?.wake(),
    });
  });
}
