import { z } from "zod";
import type { EventsContent } from "./events";
import type { HomeContent } from "./home";
import type { NacloContent } from "./naclo";
import type { SiteSettings } from "./site";

/**
 * The rules every save of the footer, home page, NACLO and events documents must pass (the board and
 * edition rules are beside their types). Messages are written for the editor who sees them beside the
 * field. Kept out of the content modules so the schema library never reaches a browser bundle.
 */
const required = "Fill this in.";
/** One line: a name, a place, a label. */
export const line = z
  .string()
  .trim()
  .min(1, required)
  .max(300, "Keep this to one line (300 characters at most).");
/** Several paragraphs of formatted text. */
export const prose = z
  .string()
  .trim()
  .min(1, required)
  .max(10_000, "This text is too long: 10,000 characters at most. Split it or shorten it.");
const time = z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/, "Write a time like 9:00 AM.");
const isoDate = z.iso.date("Pick a date that exists, like 2026-01-23.");
const webAddress = z.url({
  protocol: /^https$/,
  error: "Give a full address starting with https://",
});
const email = z.email("Give an email address like society@example.edu.");

export const siteSettingsSchema = z
  .object({
    location: line,
    contactEmail: email,
    social: z
      .array(
        z
          .object({
            kind: z.enum(["photos", "chat", "professional"]),
            label: line,
            description: line,
            href: webAddress,
          })
          .strict(),
      )
      .max(12),
  })
  .strict() satisfies z.ZodType<SiteSettings>;

export const homeSchema = z
  .object({
    tagline: line,
    definition: prose,
    about: prose,
    conferenceBlurb: prose,
    stayInTouch: line,
  })
  .strict() satisfies z.ZodType<HomeContent>;

const sessionFields = {
  title: line,
  date: isoDate,
  startTime: time,
  endTime: time,
  place: line,
  notes: z.array(line).max(20),
};

export const nacloSchema = z
  .object({
    year: z.number().int().min(2000).max(2100),
    name: line,
    shortName: line,
    officialSite: webAddress,
    openRound: z
      .object({ ...sessionFields, arriveBy: time, bring: z.array(line).max(20) })
      .strict(),
    trainingSession: z.object(sessionFields).strict(),
    attendanceForm: z
      .object({
        kind: z.literal("form"),
        title: line,
        embedUrl: webAddress,
        linkUrl: webAddress.optional(),
      })
      .strict(),
  })
  .strict() satisfies z.ZodType<NacloContent>;

export const eventsSchema = z
  .object({
    events: z
      .array(
        z
          .object({
            id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
            title: line,
            date: isoDate,
            startTime: time,
            endTime: time,
            place: line,
            href: z
              .union([
                webAddress,
                z.string().regex(/^\/[a-z0-9/-]*$/, "A page of this site starts with /"),
              ])
              .optional(),
          })
          .strict(),
      )
      .max(200)
      .refine((events) => new Set(events.map((event) => event.id)).size === events.length, {
        message: "Two events have the same id.",
      }),
  })
  .strict() satisfies z.ZodType<EventsContent>;
