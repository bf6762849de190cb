import type { z } from "zod";

export type FormResult<T> =
  | { isValid: true; data: T }
  | { isValid: false; message: string; fieldErrors: Record<string, string> };

/**
 * Validates a posted form with the zod schema its page renders from. The first problem becomes the
 * page's message (SPEC shows one message at a time); every field's first problem is also returned so
 * the field can point at it.
 */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  formData: FormData,
): FormResult<z.infer<Schema>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { isValid: true, data: result.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    fieldErrors[field] ??= issue.message;
  }
  return {
    isValid: false,
    message: result.error.issues[0]?.message ?? "Please check the form.",
    fieldErrors,
  };
}
