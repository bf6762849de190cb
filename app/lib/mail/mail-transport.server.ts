import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

/** A message as the sender hands it to a transport: built from one outbox row. */
export type OutgoingMail = {
  /** The outbox row's id: names the .eml file, so a repeated attempt rewrites the same file. */
  id: string;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** When it was queued: the .eml file's name sorts by it. */
  queuedAt: string;
};

export type MailTransport = {
  /** Resolves when the mail server (or the disk) has taken the message; throws a MailDeliveryError. */
  deliver: (mail: OutgoingMail) => Promise<void>;
  /** Where mail goes, for the start-up log and the mail page: never includes a password. */
  describe: () => string;
  close: () => void;
};

/**
 * Why a delivery failed, as the sender acts on it:
 * - "refused": the server refused this message or this address for good (a 5xx answer to RCPT TO or
 *   DATA); retrying would only be refused again.
 * - "temporary": a 4xx answer, or a fault in this one message's exchange; retried later.
 * - "unreachable": no mail server to talk to (refused or timed-out connection, DNS, TLS, a refused
 *   login). Every message would fail alike, so the sender stops its batch and waits.
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly kind: "refused" | "temporary" | "unreachable",
    /** The server's answer or the network error, as shown to organisers. */
    readonly response: string,
    options?: { cause?: unknown },
  ) {
    super(response, options);
    this.name = "MailDeliveryError";
  }
}

const connectionCodes = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ETLS",
  "EAUTH",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPROTOCOL",
]);

/** Sorts a nodemailer error into what the sender does next. */
export function classifyDeliveryError(error: unknown): MailDeliveryError {
  if (error instanceof MailDeliveryError) return error;
  const details = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    command?: string;
    message?: string;
  };
  const response = (details.response || details.message || String(error)).slice(0, 1000);
  const command = (details.command ?? "").toUpperCase();
  const code = details.responseCode;
  if (code && code >= 500 && code < 600 && (command.startsWith("RCPT") || command === "DATA"))
    return new MailDeliveryError("refused", response, { cause: error });
  if (code && code >= 400 && code < 500 && command !== "CONN" && !command.startsWith("AUTH"))
    return new MailDeliveryError("temporary", response, { cause: error });
  if (details.code && connectionCodes.has(details.code))
    return new MailDeliveryError("unreachable", response, { cause: error });
  if (code) return new MailDeliveryError("temporary", response, { cause: error });
  return new MailDeliveryError("unreachable", response, { cause: error });
}

export type MailTransportOptions = {
  from: string;
  /** Send over SMTP when set; otherwise every message is written to `mailDir` as an .eml file. */
  smtpUrl?: string;
  mailDir: string;
  logger: Pick<Logger, "info">;
};

/**
 * One mechanism for both destinations: nodemailer builds the same MIME message either way, and either
 * sends it over SMTP or hands it back as bytes that are saved as an .eml file (which any mail program
 * opens). The log names the recipient and subject, never the body: a verification or reset link is a
 * key to an account, and logs are read by more people (and kept longer) than mailboxes.
 */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    // Pooled: a release of hundreds of decisions reuses a few connections. The timeouts stay well
    // inside the sender's lease, so a hung server never leaves a message claimed by a live process.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 3,
      maxMessages: 100,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    const where = describeSmtp(options.smtpUrl);
    // A pooled transport reports a connection that fails between messages as an 'error' event; with no
    // listener that would be an uncaught exception and end the worker. Each send reports its own.
    transport.on("error", (error) => {
      options.logger.info(
        { err: error, transport: `SMTP at ${where}` },
        "an idle SMTP connection failed",
      );
    });
    return {
      describe: () => `SMTP at ${where}`,
      close: () => transport.close(),
      deliver: async (mail) => {
        try {
          await transport.sendMail(mimeOf(options.from, mail));
        } catch (error) {
          throw classifyDeliveryError(error);
        }
        options.logger.info(
          { to: mail.to, subject: mail.subject, messageId: mail.messageId },
          "mail sent",
        );
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
    close: () => transport.close(),
    deliver: async (mail) => {
      const file = path.join(options.mailDir, mailFileName(mail));
      try {
        const info = await transport.sendMail(mimeOf(options.from, mail));
        await fs.mkdir(options.mailDir, { recursive: true });
        await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      } catch (error) {
        // A full or read-only disk: every message would fail alike.
        throw new MailDeliveryError(
          "unreachable",
          `Could not write ${file}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      options.logger.info(
        { to: mail.to, subject: mail.subject, file },
        `mail to ${mail.to} saved to ${file}`,
      );
    },
  };
}

function mimeOf(from: string, mail: OutgoingMail) {
  return {
    from,
    // An address object is used as given: nodemailer never parses it into a list of recipients.
    to: { name: "", address: mail.to },
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    messageId: mail.messageId,
    // Header values are nodemailer's to encode: a subject with a line break stays one header.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Sortable by when the message was queued, unique per message, and portable. */
function mailFileName(mail: OutgoingMail): string {
  const stamp = mail.queuedAt.replace(/[:.]/g, "-");
  const slug = mail.subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);
  return `${stamp}-${slug || "message"}-${mail.id.slice(0, 8)}.eml`;
}

function describeSmtp(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.hostname}:${url.port || (url.protocol === "smtps:" ? "465" : "587")}`;
  } catch {
    return "(unparsable SMTP_URL)";
  }
}
