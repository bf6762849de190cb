/** Guideline checks on an abstract's text. They warn; they never refuse an upload. */
import {
  type AnonymityAuthor,
  type AnonymitySource,
  type AnonymityWarning,
  describeAnonymityWarning,
  findIdentifyingDetails,
  isAnonymityWarning,
} from "./anonymity-check";

export const abstractWordLimit = 500;

/**
 * "names-author" is the single anonymity warning of abstracts uploaded before the anonymity check named
 * the place and the detail found (`AnonymityWarning`).
 */
export type SubmissionWarning = "over-word-limit" | "names-author" | AnonymityWarning;

const referencesHeading = /^\s*(references|bibliography|works cited)\s*:?\s*$/i;

/** Words before a heading named References or Bibliography when there is one, else all words. */
export function countAbstractWords(text: string): number {
  const lines = text.split("\n");
  const headingAt = lines.findIndex((line) => referencesHeading.test(line));
  const body = headingAt >= 0 ? lines.slice(0, headingAt).join("\n") : text;
  return body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The word limit, then every place the file names an author (metadata fields and the first page's
 * text, for the submitter and each co-author).
 */
export function findWarnings(input: {
  wordCount: number;
  sources: readonly AnonymitySource[];
  authors: readonly AnonymityAuthor[];
}): SubmissionWarning[] {
  const warnings: SubmissionWarning[] = [];
  if (input.wordCount > abstractWordLimit) warnings.push("over-word-limit");
  warnings.push(...findIdentifyingDetails(input.sources, input.authors));
  return warnings;
}

const knownWarnings = (value: string): value is SubmissionWarning =>
  value === "over-word-limit" || value === "names-author" || isAnonymityWarning(value);

/** The warnings column (a JSON array) as stored; anything unreadable counts as no warnings. */
export function parseWarnings(value: string): SubmissionWarning[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is SubmissionWarning => typeof item === "string" && knownWarnings(item),
        )
      : [];
  } catch {
    return [];
  }
}

export function describeWarning(warning: SubmissionWarning, wordCount: number): string {
  if (warning === "over-word-limit") {
    return `About ${wordCount} words: the guidelines ask for at most ${abstractWordLimit} words, not counting references.`;
  }
  if (warning === "names-author") {
    return "Your name appears in the abstract or its file properties: the guidelines ask for an anonymized abstract.";
  }
  return describeAnonymityWarning(warning);
}

/** `Content-Disposition` that shows the name in every browser and cannot break out of the header. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
