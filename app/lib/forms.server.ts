import type { z } from "zod";

export type FormReading<T> =
  | { ok: true; value: T }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The one way an action reads a posted form: every text field (the last value of a repeated name)
 * checked by the zod schema its page renders from. The first problem becomes the page's message (pages
 * show one message at a time); every field's first problem is also returned so the field can point at
 * it. Files are not read here: uploads stream through `lib/uploads`.
 */
export function readForm<Schema extends z.ZodType>(
  schema: Schema,
  formData: FormData,
): FormReading<z.infer<Schema>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    fieldErrors[field] ??= issue.message;
  }
  return {
    ok: false,
    message: result.error.issues[0]?.message ?? "Please check the form.",
    fieldErrors,
  };
}

/**
 * The pressed submit button's `intent`, when it is one the action knows; null otherwise. Matched
 * against the list, never looked up as a key, so "constructor" or "toString" is no intent.
 */
export function readIntent<Intent extends string>(
  formData: FormData,
  intents: readonly Intent[],
): Intent | null {
  const value = formData.get("intent");
  return intents.find((intent) => intent === value) ?? null;
}

/**
 * A text field as it was posted, to draw a document's form again after a post that did not save it:
 * "" when absent or a file, line ends as a textarea shows them.
 */
export function typedField(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
}
