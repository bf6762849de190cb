import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { loadMailTemplates } from "~/features/mail-templates/mail-template-store.server";
import {
  type MailTemplateKey,
  type MailTemplateValues,
  mailTemplates,
} from "~/features/mail-templates/mail-templates";
import {
  listAbstractRecipients,
  type MailRecipient,
} from "~/features/submissions/abstract-recipients.server";
import { abstractLabel } from "~/features/submissions/submission-details";
import type { Database, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

/** The acceptance's default subject (what the e2e specs wait for while nobody changed it). */
export const acceptedSubject = mailTemplates["decision-talk"].subject;

/**
 * Who hears about each abstract's decision: the submitting account and every co-author who gave an
 * address, each address once per abstract (the submitter's own account address is kept over a
 * co-author's copy of it).
 */
export function listDecisionRecipients(
  db: Kysely<Database>,
  submissionIds: readonly string[],
): Promise<Map<string, MailRecipient[]>> {
  return listAbstractRecipients(db, submissionIds, {
    includes: (author) => author.position > 0,
    submitterFirst: true,
  });
}

export type DecidedAbstract = {
  id: string;
  title: string;
  fileName: string;
  decision: SubmissionDecision | null;
  acceptedAs: PresentationFormat | null;
};

export type DecisionMailLinks = {
  editionYear: number;
  statusUrl: string;
  congratulationsUrl: string;
  /**
   * "Tuesday, April 15, 2025, 11:59 PM Pacific Time" (getPresenterDates); null once it has passed (an
   * alternate promoted later answers in a reopened window, "as soon as you can").
   */
  confirmByText: string | null;
  talk: { minutes: number; questionMinutes: number };
};

export function formatText(
  acceptedAs: PresentationFormat | null,
  talk: { minutes: number; questionMinutes: number },
): string {
  if (acceptedAs === "talk")
    return `Talk: ${talk.minutes} minutes plus ${talk.questionMinutes} minutes of questions`;
  if (acceptedAs === "poster") return "Poster";
  return "Format to be announced";
}

export function outcomeText(row: DecidedAbstract, links: DecisionMailLinks): string {
  if (row.decision === "accepted") {
    if (row.acceptedAs === "talk") return `accepted as a talk (${talkLength(links.talk)})`;
    if (row.acceptedAs === "poster") return "accepted as a poster";
    return "accepted";
  }
  if (row.decision === "alternate") return "an alternate (on the waiting list)";
  return "not accepted";
}

function talkLength(talk: DecisionMailLinks["talk"]): string {
  return `${talk.minutes} minutes plus ${talk.questionMinutes} minutes of questions`;
}

export type DecisionTemplateKey = Extract<MailTemplateKey, `decision-${string}`>;

/**
 * The strongest outcome among one person's abstracts chooses the message: an acceptance (a talk's
 * message if any accepted one is a talk, or has no format), then the waiting list, then the rest.
 */
export function decisionTemplateKey(rows: readonly DecidedAbstract[]): DecisionTemplateKey {
  const accepted = rows.filter((row) => row.decision === "accepted");
  if (accepted.length)
    return accepted.every((row) => row.acceptedAs === "poster")
      ? "decision-poster"
      : "decision-talk";
  if (rows.some((row) => row.decision === "alternate")) return "decision-alternate";
  return "decision-not-accepted";
}

/**
 * What one person's decision message is filled with: their abstracts with each outcome, the reviewers'
 * comments when released with them (reviewers numbered per abstract, "Reviewer 2", which names nobody),
 * and where to answer.
 */
export function decisionValues(
  recipient: MailRecipient,
  rows: readonly DecidedAbstract[],
  links: DecisionMailLinks,
  comments: ReadonlyMap<string, string[]> = new Map(),
): MailTemplateValues<"decision-talk"> {
  const reviews = rows.flatMap((row) => {
    const texts = comments.get(row.id) ?? [];
    if (!texts.length) return [];
    return [
      `The reviewers' comments on ${row.fileName}:`,
      ...texts.map((text, index) => `Reviewer ${index + 1}:\n${text}`),
    ];
  });
  return {
    name: recipient.name || "author",
    conference: editionName(links.editionYear),
    abstracts: rows
      .map((row) => `- ${abstractLabel(row)}: ${outcomeText(row, links)}`)
      .join("\n\n"),
    comments: reviews.join("\n\n"),
    talk_length: talkLength(links.talk),
    confirm_by: links.confirmByText ? `by ${links.confirmByText}` : "as soon as you can",
    congratulations_link: links.congratulationsUrl,
    status_link: links.statusUrl,
  };
}

type MailTemplates = Awaited<ReturnType<typeof loadMailTemplates>>;

/** One message to one person about the abstracts of theirs that were just decided. */
function decisionEmail(
  templates: MailTemplates,
  recipient: MailRecipient,
  rows: DecidedAbstract[],
  links: DecisionMailLinks,
  comments?: ReadonlyMap<string, string[]>,
): MailMessage {
  const { subject, text } = templates.render(
    decisionTemplateKey(rows),
    decisionValues(recipient, rows, links, comments),
  );
  return { to: recipient.email, subject, text, kind: "decision" };
}

/**
 * Queues one message for everyone on the given abstracts: an address on several of them gets one message
 * about all of its abstracts. Give it the transaction that decides them, so the decisions and their mail
 * commit together, and wake the mailer after the commit. Returns how many addresses are mailed.
 */
export async function queueDecisionMail(
  deps: { db: Kysely<Database>; mailer: Mailer },
  rows: DecidedAbstract[],
  links: DecisionMailLinks,
  input: { cause: string; comments?: Map<string, string[]> },
): Promise<number> {
  const recipients = await listDecisionRecipients(
    deps.db,
    rows.map((row) => row.id),
  );
  const byAddress = new Map<string, { recipient: MailRecipient; rows: DecidedAbstract[] }>();
  for (const row of rows) {
    for (const recipient of recipients.get(row.id) ?? []) {
      const key = recipient.email.toLowerCase();
      const entry = byAddress.get(key) ?? { recipient, rows: [] };
      entry.rows.push(row);
      byAddress.set(key, entry);
    }
  }
  // Read in the caller's transaction: the messages use the templates as saved at this moment.
  const templates = await loadMailTemplates(deps.db);
  const messages = [...byAddress.values()].map(({ recipient, rows: theirs }) =>
    decisionEmail(templates, recipient, theirs, links, input.comments),
  );
  await deps.mailer.queue(deps.db, messages, input.cause);
  return byAddress.size;
}
