/** Guideline checks on an abstract's text. They warn; they never refuse an upload. */

export const abstractWordLimit = 500;

export type SubmissionWarning = "over-word-limit" | "names-author";

const referencesHeading = /^\s*(references|bibliography|works cited)\s*:?\s*$/i;

/** Words before a heading named References or Bibliography when there is one, else all words. */
export function countAbstractWords(text: string): number {
  const lines = text.split("\n");
  const headingAt = lines.findIndex((line) => referencesHeading.test(line));
  const body = headingAt >= 0 ? lines.slice(0, headingAt).join("\n") : text;
  return body.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function fold(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Whether the author's first or last name (three letters or more) appears as a whole word, ignoring
 * case and accents, in any of the texts (the abstract, and the file's author property).
 */
export function mentionsAuthor(texts: string[], names: string[]): boolean {
  const haystack = fold(texts.join("\n"));
  return names
    .map((name) => fold(name.trim()))
    .filter((name) => name.replace(/[^\p{L}]/gu, "").length >= 3)
    .some((name) => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
      return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(haystack);
    });
}

export function findWarnings(input: {
  wordCount: number;
  text: string;
  author: string;
  names: string[];
}): SubmissionWarning[] {
  const warnings: SubmissionWarning[] = [];
  if (input.wordCount > abstractWordLimit) warnings.push("over-word-limit");
  if (mentionsAuthor([input.text, input.author], input.names)) warnings.push("names-author");
  return warnings;
}

/** The warnings column (a JSON array) as stored; anything unreadable counts as no warnings. */
export function parseWarnings(value: string): SubmissionWarning[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed)
      ? (parsed.filter((item) => typeof item === "string") as SubmissionWarning[])
      : [];
  } catch {
    return [];
  }
}

export function describeWarning(warning: SubmissionWarning, wordCount: number): string {
  return warning === "over-word-limit"
    ? `About ${wordCount} words: the guidelines ask for at most ${abstractWordLimit} words, not counting references.`
    : "Your name appears in the abstract or its file properties: the guidelines ask for an anonymized abstract.";
}

/** `Content-Disposition` that shows the name in every browser and cannot break out of the header. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
