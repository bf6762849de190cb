import type { MailMessage } from "~/lib/mail/mailer.server";

/** A mailer that keeps what it is given, and refuses one address when asked to (an SMTP rejection). */
export function recordingMailer(options: { failFor?: string } = {}) {
  const sent: MailMessage[] = [];
  return {
    sent,
    mailer: {
      describe: () => "memory",
      send: async (message: MailMessage) => {
        if (message.to === options.failFor) throw new Error("SMTP refused");
        sent.push(message);
      },
    },
  };
}
