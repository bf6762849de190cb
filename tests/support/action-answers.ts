// What an action module answered, the way the browser would see it: the status and the page's data,
// or the redirect it threw (or the error page, for a thrown Response that is not a redirect).

export type ActionAnswer = { status: number; body?: unknown; location?: string | null };

export async function answerOf(action: Promise<unknown>): Promise<ActionAnswer> {
  try {
    const answer = await action;
    if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
      const init = answer.init as ResponseInit | null;
      return { status: init?.status ?? 200, body: answer.data };
    }
    return { status: 200, body: answer };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location") };
  }
}

export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
