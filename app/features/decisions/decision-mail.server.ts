import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import {
  listAbstractRecipients,
  type MailRecipient,
} from "~/features/submissions/abstract-recipients.server";
import { abstractLabel } from "~/features/submissions/submission-details";
import type { Database, PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";

export const acceptedSubject = "Action required: confirm your SCULC presentation";

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

function outcomeText(row: DecidedAbstract, links: DecisionMailLinks): string {
  if (row.decision === "accepted") {
    if (row.acceptedAs === "talk")
      return `accepted as a talk (${links.talk.minutes} minutes plus ${links.talk.questionMinutes} minutes of questions)`;
    if (row.acceptedAs === "poster") return "accepted as a poster";
    return "accepted";
  }
  if (row.decision === "alternate") return "an alternate (on the waiting list)";
  return "not accepted";
}

/**
 * One message to one person about the abstracts of theirs that were just decided. The strongest outcome
 * sets the subject and what to do next: accepted ones are confirmed on the congratulations page by the
 * confirm-by date, alternates wait, rejected ones read the decision (and any comments) on the status page.
 */
function decisionEmail(
  recipient: MailRecipient,
  rows: DecidedAbstract[],
  links: DecisionMailLinks,
  comments: Map<string, string[]> = new Map(),
): MailMessage {
  const conference = editionName(links.editionYear);
  const lines = rows.map((row) => `- ${abstractLabel(row)}: ${outcomeText(row, links)}`);
  // Reviewers are numbered per abstract ("Reviewer 2"), which names nobody.
  const reviews = rows.flatMap((row) => {
    const texts = comments.get(row.id) ?? [];
    if (!texts.length) return [];
    return [
      `The reviewers' comments on ${row.fileName}:`,
      ...texts.map((text, index) => `Reviewer ${index + 1}:\n${text}`),
    ];
  });
  const greeting = `Dear ${recipient.name || "author"},`;
  const signature = `— ${site.name}`;
  if (rows.some((row) => row.decision === "accepted")) {
    const text = [
      greeting,
      `Congratulations: the program committee has accepted your abstract for ${conference}.`,
      ...lines,
      ...reviews,
      `Please confirm or decline your presentation ${links.confirmByText ? `by ${links.confirmByText}` : "as soon as you can"}, and read what happens next, on the congratulations page (the author who submitted the abstract answers there, signed in to their account):`,
      links.congratulationsUrl,
      signature,
    ];
    return {
      to: recipient.email,
      subject: acceptedSubject,
      text: `${text.join("\n\n")}\n`,
      kind: "decision",
    };
  }
  if (rows.some((row) => row.decision === "alternate")) {
    const text = [
      greeting,
      `Thank you for submitting to ${conference}. The program committee has placed your abstract on its waiting list as an alternate.`,
      ...lines,
      ...reviews,
      "There is nothing to do for now. If a place in the program opens, we will email you at once with the acceptance and how to confirm it. You can see where your abstract stands on your submissions page:",
      links.statusUrl,
      signature,
    ];
    return {
      to: recipient.email,
      subject: `Your ${conference} abstract is on the waiting list`,
      text: `${text.join("\n\n")}\n`,
      kind: "decision",
    };
  }
  const text = [
    greeting,
    `Thank you for submitting to ${conference}. We are sorry that the program committee could not accept your abstract this year.`,
    ...lines,
    ...reviews,
    "You can see the decision on your submissions page:",
    links.statusUrl,
    "We hope to see you at the conference as a guest, and to read your work again next year.",
    signature,
  ];
  return {
    to: recipient.email,
    subject: `Your ${conference} abstract was not accepted`,
    text: `${text.join("\n\n")}\n`,
    kind: "decision",
  };
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
  const messages = [...byAddress.values()].map(({ recipient, rows: theirs }) =>
    decisionEmail(recipient, theirs, links, input.comments),
  );
  await deps.mailer.queue(deps.db, messages, input.cause);
  return byAddress.size;
}
