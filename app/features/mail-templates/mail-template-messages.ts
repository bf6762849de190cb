/** "{a}", "{a} and {b}", "{a}, {b} and {c}". */
function listPlaceholders(names: readonly string[]): string {
  const shown = names.map((name) => `{${name}}`);
  if (shown.length < 2) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** What the mail templates' pages say. */
export const mailTemplateMessages = {
  emptySubject: "Write a subject: a message cannot go without one.",
  emptyBody: "Write the message: it cannot be empty.",
  subjectTooLong: (max: number) => `Keep the subject under ${max} characters.`,
  bodyTooLong: (max: number) => `Keep the message under ${max} characters.`,
  unknownPlaceholders: (unknown: readonly string[], allowed: readonly string[]) =>
    `${listPlaceholders(unknown)} ${unknown.length === 1 ? "is not a placeholder" : "are not placeholders"} of this message: use one of ${allowed.map((name) => `{${name}}`).join(", ")}.`,
  unclosedBrace:
    "A brace is not closed: write a placeholder with both braces, such as {name}. For a brace itself, write it twice: {{ or }}.",
  notSaved: "The template was not saved: see what to fix below.",
  notPreviewed: "The preview waits for a fix: see below.",
  previewed: "Previewed successfully below. Your text is not saved yet: press Save to keep it.",
  saved: (name: string) =>
    `The template "${name}" was saved successfully: the next messages use it.`,
  savedAsDefault: (name: string) =>
    `The template "${name}" was saved successfully: it is the default text again.`,
  unchanged: "Saved successfully: the template already said this.",
  restored: (name: string) =>
    `The default text of "${name}" was restored successfully: the next messages use it.`,
  alreadyDefault: "Restored successfully: the template already had the default text.",
  unknownAction: "That button is not one this page knows. Please reload the page and try again.",
  changedMeanwhile: (who: string, when: string) =>
    `${who} saved this template at ${when}, after you opened it. Your text is still below and nothing was saved: look at theirs in another tab if you need to, then press Save again to replace it with yours.`,
  restoredMeanwhile:
    "Someone restored the default text of this template after you opened it. Your text is still below and nothing was saved: press Save again to replace the default with it.",
} as const;

/** What the list and the editor say about a template's state. */
export const mailTemplateStatus = {
  isDefault: "Default text",
  changed: (who: string, when: string) => `Changed by ${who} on ${when}`,
  /** A saved text that uses a placeholder the message no longer offers (the code changed since). */
  needsFix:
    "The saved text uses a placeholder this message no longer offers: it is sent as written. Fix it below, or restore the default.",
  previewFor: (who: string, reason: string) => `Filled in as ${who} would get it: ${reason}.`,
  previewSample: (edition: string) =>
    `Nobody in ${edition} would get this message yet, so the preview uses sample values.`,
  previewNoEdition: "The preview uses sample values.",
} as const;
