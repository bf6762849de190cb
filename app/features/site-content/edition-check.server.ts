import type { z } from "zod";
import { crossFieldIssues, editionSchema } from "~/content/editions.schema";
import type { FieldIssue } from "./content-kinds.server";

type Issue = z.core.$ZodIssue;

const lastSegment = (issue: Issue) => String(issue.path.at(-1) ?? "");

/** What each pattern-checked field looks like, in words, by its last path segment. */
const formatHints: Record<string, string> = {
  startTime: "Enter a time, like 9:00 AM.",
  endTime: "Enter a time, like 5:30 PM.",
  opens: "Enter a time, like 08:00.",
  closes: "Enter a time, like 20:00.",
  confirmByAt: "Enter a date and a time.",
  materialsDueAt: "Enter a date and a time.",
  slug: "Use lowercase letters, digits and hyphens, like program or call-for-abstracts.",
  id: "Use lowercase letters, digits and hyphens, like keynote-speaker.",
  href: "Enter a full web address starting with https://, or a page of this site like /sculc/submit-abstract.",
};

/** A sentence written for editors in a schema (a picture's, a gallery's), not a developer's note. */
const isEditorsSentence = (message: string) => /^[A-Z].*[.!]$/s.test(message);

/** A refusal in plain words for the person at the form. */
function messageFor(issue: Issue): string {
  if (isEditorsSentence(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "number") return "Enter a whole number.";
      if (issue.expected === "array") return "Add at least one.";
      return "Fill this in.";
    case "too_small":
      if (issue.origin === "array") return "Add at least one.";
      if (issue.origin === "string") return "Fill this in.";
      return `Enter ${issue.minimum} or more.`;
    case "too_big": {
      if (issue.origin === "string") {
        const length = typeof issue.input === "string" ? issue.input.trim().length : null;
        return `Keep this to ${issue.maximum} characters${length ? ` (it has ${length})` : ""}.`;
      }
      return `Enter ${issue.maximum} or less.`;
    }
    case "invalid_format":
      if (issue.format === "url") {
        return lastSegment(issue) === "href" && issue.path.includes("action")
          ? (formatHints.href as string)
          : "Enter a full web address starting with https://.";
      }
      if (issue.format === "email") return "Enter an email address, like sculc@example.edu.";
      if (issue.format === "date") return "This date does not exist: pick one from the calendar.";
      return formatHints[lastSegment(issue)] ?? "Check the format of this field.";
    case "invalid_union":
      // A link (to a page of this site or elsewhere) is the only union a person types into.
      return formatHints.href as string;
    case "invalid_value":
      return "Choose one of the options.";
    default:
      return issue.message.endsWith(".") ? issue.message : `${issue.message}.`;
  }
}

/**
 * An edition as the forms post it, checked by the schema every save passes, with each problem in
 * plain words under the path of the field it belongs to. The store checks the same rules again when
 * it saves; this check only words them for the form.
 */
export function checkEditionForm(document: unknown): FieldIssue[] {
  const body =
    document && typeof document === "object" ? { ...document, isCurrent: false } : document;
  const parsed = editionSchema.safeParse(body, { reportInput: true });
  if (parsed.success) return [];
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: messageFor(issue),
  }));
  // The schema skips the rules between fields while any field is refused: ask them anyway, so every
  // problem is reported at once.
  for (const issue of crossFieldIssues(body)) {
    const path = issue.path.join(".");
    if (!issues.some((found) => found.path === path)) issues.push({ path, message: issue.message });
  }
  return issues;
}
