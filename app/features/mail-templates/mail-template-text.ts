import {
  checkTemplate,
  fillSubject,
  fillTemplate,
  placeholdersIn,
  type TemplateCheck,
} from "~/lib/mail/mail-template";
import { mailTemplateMessages } from "./mail-template-messages";

// A template's text as organisers write it, and the message it makes. Client-safe: the editor checks
// and previews what is typed with these, and the server checks the same way before saving.

export type MailTemplateText = { subject: string; body: string };

export const subjectMaxLength = 200;
export const bodyMaxLength = 20_000;

/**
 * As stored: the subject on one line, the body with plain line ends (a browser posts a textarea's as
 * CR LF), both without surrounding blank space.
 */
export function normaliseTemplateText(text: MailTemplateText): MailTemplateText {
  return {
    subject: text.subject.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim(),
    body: text.body.replace(/\r\n?/g, "\n").trim(),
  };
}

export type TemplateTextErrors = Partial<Record<keyof MailTemplateText, string>>;

function describeCheck(check: TemplateCheck, allowed: readonly string[]): string | undefined {
  if (check.ok) return undefined;
  if (check.unknown.length) return mailTemplateMessages.unknownPlaceholders(check.unknown, allowed);
  return mailTemplateMessages.unclosedBrace;
}

/** What is wrong with a (normalised) text, field by field; empty when nothing is. */
export function checkTemplateText(
  text: MailTemplateText,
  allowed: readonly string[],
): TemplateTextErrors {
  const errors: TemplateTextErrors = {};
  if (!text.subject) errors.subject = mailTemplateMessages.emptySubject;
  else if (text.subject.length > subjectMaxLength)
    errors.subject = mailTemplateMessages.subjectTooLong(subjectMaxLength);
  else errors.subject = describeCheck(checkTemplate(text.subject, allowed), allowed);
  if (!text.body) errors.body = mailTemplateMessages.emptyBody;
  else if (text.body.length > bodyMaxLength)
    errors.body = mailTemplateMessages.bodyTooLong(bodyMaxLength);
  else errors.body = describeCheck(checkTemplate(text.body, allowed), allowed);
  if (!errors.subject) delete errors.subject;
  if (!errors.body) delete errors.body;
  return errors;
}

const paragraphBreak = /(\n[ \t]*\n\s*)/;
const onlyPlaceholders = /^\s*(\{[^{}\n]*\}\s*)+$/;

/**
 * Leaves out each paragraph that holds nothing but placeholders with nothing to say (no comments were
 * released, no closing time is set), with the blank line before it, so the message has no gap there.
 */
function dropEmptyParagraphs(body: string, values: Readonly<Record<string, string>>): string {
  const pieces = body.split(paragraphBreak);
  const kept: { text: string; breakBefore: string }[] = [];
  for (let index = 0; index < pieces.length; index += 2) {
    const text = pieces[index] ?? "";
    const isEmpty =
      onlyPlaceholders.test(text) &&
      placeholdersIn(text).every(
        (name) => Object.hasOwn(values, name) && !(values[name] ?? "").trim(),
      );
    if (!isEmpty) kept.push({ text, breakBefore: pieces[index - 1] ?? "" });
  }
  return kept
    .map((paragraph, index) => (index ? paragraph.breakBefore : "") + paragraph.text)
    .join("");
}

/**
 * The message a template makes for one person: `values` fill the placeholders the template offers
 * (`allowed`); any other name in braces is left as written. The body ends with one line break.
 */
export function renderMailTemplate(
  text: MailTemplateText,
  allowed: readonly string[],
  values: Readonly<Record<string, string>>,
): { subject: string; text: string } {
  const offered = Object.fromEntries(
    allowed.filter((name) => Object.hasOwn(values, name)).map((name) => [name, values[name] ?? ""]),
  );
  return {
    subject: fillSubject(text.subject, offered),
    text: `${fillTemplate(dropEmptyParagraphs(text.body, offered), offered)}\n`,
  };
}
