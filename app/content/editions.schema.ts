import { z } from "zod";
import type { Edition } from "./editions";

/**
 * The rules conference content must follow, checked by a test (kept out of editions.ts so the schema
 * library never reaches the browser bundle).
 */
export const editionSchema = z.object({
  year: z.number().int().min(2010).max(2100),
  isCurrent: z.boolean(),
  date: z.iso.date(),
  startTime: z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/, "a time like 9:00 AM"),
  endTime: z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/, "a time like 5:30 PM"),
  venue: z.string().min(1),
}) satisfies z.ZodType<Edition>;

export const editionsSchema = z
  .array(editionSchema)
  .min(1)
  .refine((editions) => editions.filter((edition) => edition.isCurrent).length === 1, {
    message: "exactly one edition must be marked current",
  })
  .refine((editions) => new Set(editions.map((edition) => edition.year)).size === editions.length, {
    message: "each year may appear only once",
  });
