/**
 * Mail that organisers write: a subject and a body with placeholders in braces, `{name}`, filled per
 * recipient. `{{` and `}}` write a literal brace. A placeholder the message does not offer is refused by
 * name before anything is saved or sent, so a typo never reaches an author as "{titel}".
 */

export type TemplateCheck = { ok: true } | { ok: false; unknown: string[]; unclosed: boolean };

const placeholderPattern = /\{\{|\}\}|\{([^{}\n]*)\}|[{}]/g;

/** The placeholders a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(placeholderPattern)) {
    const name = match[1]?.trim();
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Whether every placeholder is one of `allowed`, and every brace is closed. */
export function checkTemplate(text: string, allowed: readonly string[]): TemplateCheck {
  const unknown = placeholdersIn(text).filter((name) => !allowed.includes(name));
  const unclosed = [...text.matchAll(placeholderPattern)].some(
    (match) => match[0] === "{" || match[0] === "}",
  );
  return unknown.length || unclosed ? { ok: false, unknown, unclosed } : { ok: true };
}

/**
 * Fills the placeholders. Values are text: a value can never add a placeholder (it is not read again),
 * and the HTML part escapes it.
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(placeholderPattern, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (name === undefined) return whole;
    return Object.hasOwn(values, name.trim()) ? (values[name.trim()] ?? "") : whole;
  });
}

/** A subject is one line: a line break in a value never starts a new header. */
export function fillSubject(text: string, values: Readonly<Record<string, string>>): string {
  return fillTemplate(text, values).replace(/[\r\n\t\u2028\u2029]+/g, " ").trim();
}

/**
 * The HTML part of a filled body: every character escaped, paragraphs at blank lines, line breaks kept,
 * and http(s) addresses made links (the address escaped as the link's text and target).
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linkify(escapeHtml(paragraph)).replace(/\n/g, "<br>\n")}</p>`)
    .join("\n");
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
