import { type FormReading, readForm, typedField } from "~/lib/forms.server";
import { z } from "~/lib/zod.server";
import { maxCommentLength } from "./review-settings";

export type ReviewInput = {
  merit: number | null;
  confidence: number | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
};

const optionalScore = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : null))
  .pipe(
    z.null().or(
      z
        .string()
        .regex(/^-?\d{1,3}$/, "Choose a score from the list.")
        .transform(Number),
    ),
  );

const comments = (what: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n/g, "\n").trim())
    .pipe(
      z
        .string()
        .max(
          maxCommentLength,
          `The ${what} can be at most ${maxCommentLength.toLocaleString("en-US")} characters long.`,
        ),
    );

/**
 * The review form's fields, as the form posts them (merit, confidence, two comment boxes). Whether a
 * score is on the edition's scale is the saving's check: the scales are settings.
 */
export const reviewFormSchema = z.object({
  merit: optionalScore,
  confidence: optionalScore,
  commentsToAuthors: comments("comments to the authors"),
  commentsToCommittee: comments("comments to the committee"),
});

export function readReviewForm(formData: FormData): FormReading<ReviewInput> {
  return readForm(reviewFormSchema, formData);
}

const reviewFieldNames = [
  "merit",
  "confidence",
  "commentsToAuthors",
  "commentsToCommittee",
] as const;

/**
 * The review form's fields as the reviewer left them, to draw the form again after a post that did not
 * save them (a refusal, or a conflict-of-interest step the form's fields travelled with): the page is a
 * document, so the browser keeps nothing. A score that is not a number is dropped. Null when the post
 * did not carry the review form.
 */
export function typedReviewValues(formData: FormData): ReviewInput | null {
  if (!reviewFieldNames.some((name) => formData.has(name))) return null;
  const text = (name: (typeof reviewFieldNames)[number]) => typedField(formData, name);
  const score = (name: "merit" | "confidence") => {
    const value = text(name).trim();
    return /^-?\d{1,3}$/.test(value) ? Number(value) : null;
  };
  return {
    merit: score("merit"),
    confidence: score("confidence"),
    commentsToAuthors: text("commentsToAuthors"),
    commentsToCommittee: text("commentsToCommittee"),
  };
}
