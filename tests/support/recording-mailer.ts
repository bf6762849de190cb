import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

/**
 * A mailer that keeps what features hand it, as the outbox would deliver it: messages queued in a
 * transaction count as sent only once the feature wakes the sender after its commit, so a feature that
 * forgets to wake (or queues in a change that rolls back and does not wake) shows up as mail not sent.
 * The outbox and its sender are tested for real in app/lib/mail.
 */
export function recordingMailer() {
  const sent: MailMessage[] = [];
  const causes: string[] = [];
  let waiting: MailMessage[] = [];
  const mailer: Mailer = {
    describe: () => "memory",
    queue: async (_db, messages, cause) => {
      waiting.push(...messages);
      causes.push(cause);
    },
    send: async (message, cause) => {
      sent.push(message);
      causes.push(cause);
    },
    wake: () => {
      sent.push(...waiting);
      waiting = [];
    },
  };
  return { sent, causes, mailer };
}
