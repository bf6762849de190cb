import { z } from "zod";
import type { Picture } from "./picture";

/**
 * The rules of a picture in a content document (kept out of picture.ts so the schema library never
 * reaches a browser bundle). The alt text is required: a picture nobody described is a blank for
 * someone using a screen reader.
 */
export const pictureMessages = {
  media: "This row has no uploaded picture. Remove the row, or add the picture again.",
  alt: "Describe what the photo shows, for someone who cannot see it (for example: Members around a table sorting IPA flashcards).",
  altLength: "Keep the description to 300 characters at most; put the rest in the caption.",
  captionLength: "Keep the caption to 300 characters at most.",
} as const;

export const pictureSchema = z
  .object({
    media: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/, pictureMessages.media),
    alt: z.string().trim().min(1, pictureMessages.alt).max(300, pictureMessages.altLength),
    caption: z.string().trim().max(300, pictureMessages.captionLength).optional(),
  })
  .strict() satisfies z.ZodType<Picture>;

/** A list of at most `max` pictures, with the limit said in the editors' words. */
export function pictureList(max: number) {
  return z
    .array(pictureSchema)
    .max(max, `Keep to ${max} pictures at most: remove some before adding more.`);
}
