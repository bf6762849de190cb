import { type FormReading, readForm } from "~/lib/forms.server";
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
