// Reads the messages caught by the test mail server (e2e/support/mail-catcher.mjs, started by
// test-services.mjs).
import { expect } from "@playwright/test";

const mailApi = `http://localhost:${process.env.MAIL_API_PORT ?? 3126}`;

export interface ReceivedMail {
  subject: string;
  text: string;
  /** Every http(s) link in the text part, in order, without duplicates. */
  links: string[];
}

interface StoredMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  receivedAt: string;
}

async function fetchMessages(to: string): Promise<StoredMessage[]> {
  const response = await fetch(`${mailApi}/messages?to=${encodeURIComponent(to.trim())}`);
  if (!response.ok) throw new Error(`Mail API answered ${response.status} for ${to}`);
  return (await response.json()) as StoredMessage[];
}

function linksIn(text: string): string[] {
  const found = (text.match(/https?:\/\/[^\s<>"'`]+/g) ?? []).map((link) =>
    // Sentence punctuation and closing brackets right after a link are not part of it.
    link.replace(/[.,;:!?)\]}]+$/, ""),
  );
  return [...new Set(found)];
}

function subjectMatches(subject: string, expected: RegExp | string | undefined): boolean {
  if (expected === undefined) return true;
  return typeof expected === "string" ? subject.includes(expected) : expected.test(subject);
}

/**
 * Waits for a message to `to` and returns the newest one that matches. `subject` is a substring or
 * a pattern; `after` skips that many earlier messages to the address (take it from `countMail`
 * before the action that sends the mail, so an older message cannot satisfy the wait).
 */
export async function waitForMail(
  to: string,
  options: { subject?: RegExp | string; timeoutMs?: number; after?: number } = {},
): Promise<ReceivedMail> {
  const { subject, timeoutMs = 10_000, after = 0 } = options;
  let found: StoredMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await fetchMessages(to);
        found = messages
          .slice(after)
          .filter((message) => subjectMatches(message.subject, subject))
          .at(-1);
        return found !== undefined;
      },
      {
        message: `an email to ${to}${subject === undefined ? "" : ` with subject ${subject}`}${after ? ` (after the first ${after})` : ""}`,
        timeout: timeoutMs,
        intervals: [100, 200, 500],
      },
    )
    .toBe(true);
  if (!found) throw new Error(`No email to ${to}`);
  return { subject: found.subject, text: found.text, links: linksIn(found.text) };
}

/** How many messages the mail server holds for `to` (with a matching subject, if given). */
export async function countMail(to: string, subject?: RegExp | string): Promise<number> {
  return (await fetchMessages(to)).filter((message) => subjectMatches(message.subject, subject))
    .length;
}

/** The first link in `mail` whose URL pathname is exactly `pathname`. */
export function linkTo(mail: { links: string[]; subject?: string }, pathname: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname === pathname);
  if (link === undefined) {
    const listed = mail.links.length ? mail.links.map((l) => `\n  ${l}`).join("") : " (none)";
    const about = mail.subject === undefined ? "" : ` "${mail.subject}"`;
    throw new Error(`No link to ${pathname} in the email${about}. Links:${listed}`);
  }
  return link;
}
