import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { createMailSender } from "~/lib/mail/mail-sender.server";
import { createMailTransport, type MailTransport } from "~/lib/mail/mail-transport.server";
import { createOutboxMailer } from "~/lib/mail/mailer.server";

const silentLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The real mail path on a test database: messages go through the outbox and a sender delivers them to
 * `transport` (files in `mailDir` when none is given). `deliver()` waits until everything due has gone.
 */
export function outboxMailer(
  db: Kysely<Database>,
  options: { mailDir?: string; transport?: MailTransport; ratePerMinute?: number } = {},
) {
  const transport =
    options.transport ??
    createMailTransport({
      from: "site@example.edu",
      mailDir: options.mailDir ?? "",
      logger: silentLogger,
    });
  const sender = createMailSender({
    db,
    transport,
    logger: silentLogger,
    ratePerMinute: options.ratePerMinute ?? 0,
    pollMs: 60_000,
  });
  const mailer = createOutboxMailer({
    db,
    messageIdDomain: "site.example",
    describe: transport.describe,
    wake: sender.wake,
  });
  return { mailer, sender, deliver: () => sender.drain(), stop: () => sender.stop() };
}
