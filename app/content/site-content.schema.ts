import { z } from "zod";
import type { EventsContent } from "./events";
import type { HomeContent } from "./home";
import type { NacloContent } from "./naclo";
import { carouselMaxPictures } from "./picture";
import { pictureList } from "./picture.schema";
import { richTextField } from "./rich-text-field";
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
/** Several paragraphs of formatted text, within what the renderer formats (rich-text-field.ts). */
export const prose = richTextField();
const time = z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/, "Write a time like 9:00 AM.");
const isoDate = z.iso.date("Pick a date that exists, like 2026-01-23.");
const webAddress = z.url({
  protocol: /^https$/,
  error: "Give a full address starting with https://",
});
const email = z.email("Give an email address like society@example.edu.");
/** Where an event links: a page of this site ("/naclo", never "//host", which leaves the site) or https. */
const eventLink = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)[a-z0-9/-]*$/.test(value) || webAddress.safeParse(value).success,
    "Give a page of this site, like /naclo, or a full address starting with https://",
  );
const yearMessage = "Give the year as four digits, like 2026.";

/** Minutes after midnight of "9:00 AM", or null for anything else (the time's own rule says so). */
export function minutesOfDay(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]) % 12;
  return (match[3] === "PM" ? hours + 12 : hours) * 60 + Number(match[2]);
}

/** A session or event ends after it starts (both on its one date). */
function endsAfterStart(times: { startTime: string; endTime: string }): boolean {
  const start = minutesOfDay(times.startTime);
  const end = minutesOfDay(times.endTime);
  return start === null || end === null || end > start;
}
const endAfterStartRule = {
  path: ["endTime"],
  message: "The end time must be after the start time.",
};

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
    carousel: pictureList(carouselMaxPictures).optional(),
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
    year: z
      .number({ error: yearMessage })
      .int(yearMessage)
      .min(2000, yearMessage)
      .max(2100, yearMessage),
    name: line,
    shortName: line,
    officialSite: webAddress,
    openRound: z
      .object({ ...sessionFields, arriveBy: time, bring: z.array(line).max(20) })
      .strict()
      .refine(endsAfterStart, endAfterStartRule),
    trainingSession: z.object(sessionFields).strict().refine(endsAfterStart, endAfterStartRule),
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
            href: eventLink.optional(),
          })
          .strict()
          .refine(endsAfterStart, endAfterStartRule),
      )
      .max(200)
      .refine((events) => new Set(events.map((event) => event.id)).size === events.length, {
        message: "Two events have the same id.",
      }),
  })
  .strict() satisfies z.ZodType<EventsContent>;
