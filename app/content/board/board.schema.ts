import { z } from "zod";
import { pictureSchema } from "../picture.schema";
import type { BoardSeason } from "./types";

const optionalText = z.string().trim().min(1, "leave the field out instead of empty").optional();

export const boardMemberSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case"),
    name: z.string().trim().min(1),
    position: z.string().trim().min(1),
    pronouns: optionalText,
    ipa: optionalText,
    major: optionalText,
    minor: optionalText,
    gradYear: z.number().int().min(2000).max(2100).optional(),
    favoriteLingArea: optionalText,
    favoriteDrink: optionalText,
    // The alt text is required whenever a portrait is set (pictureSchema).
    portrait: pictureSchema.optional(),
  })
  .strict();

/** What a board season file must hold; checked by a test for every file in seasons/. */
export const boardSeasonSchema = z
  .object({
    id: z.string().regex(/^(\d{4})-(\d{4})$/, "like 2025-2026"),
    members: z.array(boardMemberSchema).min(1),
  })
  .strict()
  .refine((season) => Number(season.id.slice(5)) === Number(season.id.slice(0, 4)) + 1, {
    message: "the second year follows the first",
  })
  .refine(
    (season) => new Set(season.members.map((member) => member.id)).size === season.members.length,
    { message: "member ids are unique in a season" },
  ) satisfies z.ZodType<BoardSeason>;
