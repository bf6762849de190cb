/**
 * An action's answer as the page receives it: the `{ message }` an action returns, or react-router's
 * `data({ message }, status)`, read as its message and status (200 when none was given).
 */
export function pageAnswer(answer: unknown): { message: string; status: number } {
  if (answer && typeof answer === "object" && "data" in answer && "init" in answer) {
    const { data, init } = answer as {
      data: { message: string };
      init: { status?: number } | null;
    };
    return { message: data.message, status: init?.status ?? 200 };
  }
  return { message: (answer as { message: string }).message, status: 200 };
}

/** A posted form with these text fields. */
export function postedForm(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}
