import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { site } from "~/content/site";
import { getEnv } from "../env.server";
import { getLogger } from "../logger.server";
import { singleton } from "../singleton.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** Where mail goes, for the start-up log: never includes a password. */
  describe: () => string;
};

export type MailerOptions = {
  from: string;
  /** Send over SMTP when set; otherwise every message is written to `mailDir` as an .eml file. */
  smtpUrl?: string;
  mailDir: string;
  logger: Pick<Logger, "info" | "error">;
};

/**
 * One mechanism for both destinations: nodemailer builds the same MIME message either way, and either
 * sends it over SMTP or hands it back as bytes that are saved as an .eml file (which any mail program
 * opens). The log names the file, never the links: a verification or reset link is a key to an account,
 * and logs are read by more people (and kept longer) than mailboxes.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const where = describeSmtp(options.smtpUrl);
    return {
      describe: () => `SMTP at ${where}`,
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, "mail sent");
      },
    };
  }

  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    describe: () => `files in ${options.mailDir}`,
    send: async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, mailFileName(message.subject));
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        `mail to ${message.to} saved to ${file}`,
      );
    },
  };
}

let sequence = 0;

/** Sortable by time (a counter orders messages within one millisecond), unique, and portable. */
function mailFileName(subject: string): string {
  sequence = (sequence + 1) % 10_000;
  const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${String(sequence).padStart(4, "0")}`;
  const slug = subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `${stamp}-${slug || "message"}-${crypto.randomBytes(3).toString("hex")}.eml`;
}

function describeSmtp(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return "(unparsable SMTP_URL)";
  }
}

/** The process's mailer, configured from the environment (SMTP_URL, MAIL_FROM, DATA_DIR). */
export function getMailer(): Mailer {
  return singleton("mailer", () => {
    const env = getEnv();
    return createMailer({
      from: env.mailFrom ?? `"${site.name}" <no-reply@${new URL(env.baseUrl).hostname}>`,
      smtpUrl: env.smtpUrl,
      mailDir: path.join(env.dataDir, "mail"),
      logger: getLogger(),
    });
  });
}
