import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { editionName } from "~/content/conference";
import type { EditionContent } from "~/content/sculc/edition-types";
import { reviewPaths } from "~/features/review/review-paths";
import { submissionPaths } from "~/features/submissions/submission-paths";
import { type AuditActor, recordAdminAction } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import type { FormReading } from "~/lib/forms.server";
import { checkTemplate, fillSubject, fillTemplate, textToHtml } from "~/lib/mail/mail-template";
import type { Mailer, MailMessage } from "~/lib/mail/mailer.server";
import { done, type Outcome, refuse } from "~/lib/outcome";
import {
  type GroupMailField,
  type GroupMailRefusal,
  groupMailFieldErrors,
  groupMailLimits,
  isMailGroup,
  type MailGroup,
  mailGroupWords,
  type PlaceholderName,
  placeholdersFor,
} from "./group-mail-messages";
import { type GroupMember, listGroupMembers } from "./mail-groups.server";

/** A message an organiser wrote: the group and the text as typed, placeholders unfilled. */
export type GroupMailDraft = { group: MailGroup; subject: string; body: string };

/** What the form held, as posted, to draw it again after a refusal. */
export type GroupMailValues = { group: string; subject: string; body: string };

/** The pages the link placeholders point to, as full addresses. */
export type GroupMailLinks = {
  site: string;
  submissions: string;
  congratulations: string;
  review: string;
};

export function groupMailLinks(baseUrl: string): GroupMailLinks {
  return {
    site: `${baseUrl}/`,
    submissions: `${baseUrl}${submissionPaths.status}`,
    congratulations: `${baseUrl}${submissionPaths.congratulations}`,
    review: `${baseUrl}${reviewPaths.queue}`,
  };
}

type Edition = Pick<EditionContent, "year" | "abstracts">;

/** The form's text as posted; a textarea's line breaks arrive as CRLF and are kept as LF. */
export function readGroupMailValues(form: FormData): GroupMailValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  };
  return { group: text("group"), subject: text("subject"), body: text("body") };
}

/**
 * Whether the message can be sent as written: a group, a subject and a body within their limits, and
 * only placeholders the group's message can fill (refused by name) with every brace closed.
 */
export function checkGroupMail(values: GroupMailValues): FormReading<GroupMailDraft> {
  const errors: Partial<Record<GroupMailField, string>> = {};
  const group = isMailGroup(values.group) ? values.group : null;
  if (!group) errors.group = groupMailFieldErrors.group;
  const subject = values.subject.trim();
  const body = values.body;
  if (!subject) errors.subject = groupMailFieldErrors.subjectMissing;
  else if (subject.length > groupMailLimits.subject)
    errors.subject = groupMailFieldErrors.tooLong(
      "subject",
      groupMailLimits.subject,
      subject.length,
    );
  if (!body.trim()) errors.body = groupMailFieldErrors.bodyMissing;
  else if (body.length > groupMailLimits.body)
    errors.body = groupMailFieldErrors.tooLong("message", groupMailLimits.body, body.length);
  if (group) {
    const allowed = placeholdersFor(group);
    for (const field of ["subject", "body"] as const) {
      if (errors[field]) continue;
      const check = checkTemplate(field === "subject" ? subject : body, allowed);
      if (check.ok) continue;
      errors[field] = check.unknown.length
        ? groupMailFieldErrors.unknown(check.unknown, group)
        : groupMailFieldErrors.unclosed;
    }
  }
  const fields = (["group", "subject", "body"] as const).filter((field) => errors[field]);
  const first = fields[0];
  if (first || !group)
    return {
      ok: false,
      message: first ? (errors[first] ?? "") : groupMailFieldErrors.group,
      fieldErrors: errors,
    };
  return { ok: true, value: { group, subject, body } };
}

/** What one person's copy fills its placeholders with. */
function placeholderValues(
  member: GroupMember,
  group: MailGroup,
  context: { editionYear: number; links: GroupMailLinks },
): Record<PlaceholderName, string> {
  const nameless = mailGroupWords[group].nameless;
  return {
    name: member.firstName.trim() || nameless,
    full_name: `${member.firstName.trim()} ${member.lastName.trim()}`.trim() || nameless,
    email: member.email.trim(),
    conference: editionName(context.editionYear),
    site_link: context.links.site,
    submissions_link: context.links.submissions,
    congratulations_link: context.links.congratulations,
    review_link: context.links.review,
  };
}

/**
 * One person's copy. Only the group's own placeholders are filled (the check refused any other); the
 * subject stays one line and the HTML part escapes every value.
 */
export function groupMessageFor(
  member: GroupMember,
  draft: GroupMailDraft,
  context: { editionYear: number; links: GroupMailLinks },
): MailMessage {
  const all = placeholderValues(member, draft.group, context);
  const values = Object.fromEntries(placeholdersFor(draft.group).map((name) => [name, all[name]]));
  const text = `${fillTemplate(draft.body, values).trim()}\n`;
  return {
    to: member.email.trim(),
    subject: fillSubject(draft.subject, values),
    text,
    html: textToHtml(text),
    kind: "group",
  };
}

export type GroupMailPreview = {
  /** How many people the group holds now: one copy each. */
  recipients: number;
  /** The first of them, as they will get it. */
  message: Pick<MailMessage, "to" | "subject" | "text">;
  /** Handed to the send form: one send per preview. */
  token: string;
};

/** The message as the group's first person will get it, with a token for sending it once. */
export async function previewGroupMail(
  db: Kysely<Database>,
  input: { edition: Edition; draft: GroupMailDraft; links: GroupMailLinks },
): Promise<Outcome<GroupMailPreview, GroupMailRefusal>> {
  const members = await listGroupMembers(db, input.edition, input.draft.group);
  const [first] = members;
  if (!first) return refuse("empty-group");
  const { to, subject, text } = groupMessageFor(first, input.draft, {
    editionYear: input.edition.year,
    links: input.links,
  });
  return done({
    recipients: members.length,
    message: { to, subject, text },
    token: crypto.randomUUID(),
  });
}

/** A token as previews hand them out; anything else was not handed out by a preview. */
export function isSendToken(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(value);
}

/**
 * Queues one copy per address of the group as it is now, with the audit entry, in one transaction;
 * then wakes the sender. The preview's token is stored with the send: a second send of the same
 * preview (a double click, a replayed form, a second tab) finds it and queues nothing, and of two at
 * once the second waits for the first's commit (PostgreSQL) or its turn (SQLite) and then finds it.
 */
export async function sendGroupMail(
  deps: { db: Kysely<Database>; mailer: Mailer },
  input: {
    edition: Edition;
    draft: GroupMailDraft;
    token: string;
    links: GroupMailLinks;
    actor: AuditActor;
  },
): Promise<Outcome<{ mailed: number }, GroupMailRefusal>> {
  if (!isSendToken(input.token)) return refuse("not-previewed");
  const { label } = mailGroupWords[input.draft.group];
  const outcome = await deps.db
    .transaction()
    .execute(async (trx): Promise<Outcome<{ mailed: number }, GroupMailRefusal>> => {
      const members = await listGroupMembers(trx, input.edition, input.draft.group);
      if (!members.length) return refuse("empty-group");
      const claimed = await trx
        .insertInto("group_mail_send")
        .values({
          token: input.token,
          group_key: input.draft.group,
          subject: input.draft.subject,
          recipients: members.length,
          sent_by: input.actor.userId,
          sent_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.column("token").doNothing())
        .executeTakeFirst();
      if (!Number(claimed.numInsertedOrUpdatedRows ?? 0)) return refuse("already-sent");
      const context = { editionYear: input.edition.year, links: input.links };
      const messages = members.map((member) => groupMessageFor(member, input.draft, context));
      await deps.mailer.queue(trx, messages, `Written by ${input.actor.label} to ${label}`);
      await recordAdminAction(trx, {
        action: "write-to-group",
        actor: input.actor,
        details: `Group: ${label}. Subject: ${input.draft.subject}. Recipients: ${messages.length}.`,
      });
      return done({ mailed: messages.length });
    });
  if (outcome.ok) deps.mailer.wake();
  return outcome;
}
