import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import type { Database } from "~/lib/db/schema";
import { readForm, readIntent } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import { takeNextAbstract } from "./assignments.server";
import { refusalText, reviewMessages, takeNextRefusals } from "./review-messages";
import { reviewPaths } from "./review-paths";
import type { Notice } from "./review-queue-page";

const intents = ["take-next"] as const;

/**
 * The count of abstracts the reviewer had taken when the page was shown; anything but a whole number
 * from 0 up is no count, and the click takes an abstract as a fresh one would.
 */
const takeNextForm = z.object({
  takenBefore: z
    .string()
    .optional()
    .transform((sent) => {
      const count = sent ? Number(sent) : Number.NaN;
      return Number.isSafeInteger(count) && count >= 0 ? count : undefined;
    }),
});

/**
 * The review queue's action: "take the next abstract" leads to the abstract taken; a refusal is the
 * page's error notice with the refusal's status.
 */
export async function handleReviewQueueAction(
  db: Kysely<Database>,
  reviewer: { id: string; editionYear: number },
  formData: FormData,
) {
  const error = (text: string, status: number) =>
    data({ notice: { kind: "error", text } satisfies Notice }, status);
  const intent = readIntent(formData, intents);
  if (intent === null) return error(reviewMessages.unknownRequest, 400);
  const form = readForm(takeNextForm, formData);
  const outcome = await takeNextAbstract(db, {
    editionYear: reviewer.editionYear,
    reviewerId: reviewer.id,
    takenBefore: form.ok ? form.value.takenBefore : undefined,
  });
  if (outcome.ok) throw redirect(reviewPaths.abstract(outcome.value.number));
  return error(refusalText(takeNextRefusals, outcome), takeNextRefusals[outcome.reason].status);
}
