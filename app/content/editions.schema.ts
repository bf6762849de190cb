import { z } from "zod";
import type { EditionContent } from "./sculc/edition-types";

/**
 * The rules conference content must follow, checked by a test (kept out of the content modules so the
 * schema library never reaches a browser bundle).
 */
const text = z.string().trim().min(1);
const time = z.string().regex(/^\d{1,2}:\d{2} (AM|PM)$/, "a time like 9:00 AM");
const url = z.url({ protocol: /^https?$/ });
const anchor = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab-case");
const facts = z.array(z.object({ label: text, value: text })).optional();
const link = z.object({ label: text, href: url, description: text.optional() });
/** A page of the site itself, such as the abstract upload. */
const sitePath = z
  .string()
  .regex(/^\/[a-z0-9/-]*$/, "a path on this site, like /sculc/submit-abstract");
const embed = z.object({
  kind: z.enum(["slides", "poster", "form", "video", "document"]),
  title: text,
  // Framed in the page, so its host joins the CSP's frame-src: https only.
  embedUrl: z.url({ protocol: /^https$/, error: "Give a full address starting with https://" }),
  linkUrl: url.optional(),
});
const presenter = z.object({ name: text, institution: z.string() });

const base = { id: anchor, heading: text, menuLabel: text.optional() };

const sectionSchema = z.discriminatedUnion("kind", [
  z.object({
    ...base,
    kind: z.literal("details"),
    checkIn: text.optional(),
    lunch: text.optional(),
    format: text.optional(),
    attendance: text,
    facts,
  }),
  z.object({ ...base, kind: z.literal("text"), paragraphs: z.array(text).min(1), facts }),
  z.object({
    ...base,
    kind: z.literal("recap"),
    paragraphs: z.array(text).min(1),
    photoCredit: text.optional(),
  }),
  z.object({
    ...base,
    kind: z.literal("keynote"),
    speaker: text,
    affiliation: text,
    talkTitle: text,
    bio: text,
  }),
  z.object({
    ...base,
    kind: z.literal("program-document"),
    file: z.string().regex(/^[\w.-]+\.pdf$/),
    intro: text.optional(),
  }),
  z.object({ ...base, kind: z.literal("program-pages"), intro: text.optional() }),
  z.object({ ...base, kind: z.literal("program-list"), intro: text.optional() }),
  z.object({ ...base, kind: z.literal("schedule-image"), intro: text.optional() }),
  z.object({
    ...base,
    kind: z.literal("presentations"),
    intro: text.optional(),
    display: z.enum(["collapsible", "list"]),
    items: z.array(z.object({ title: text, presenters: z.array(presenter), embed })).min(1),
  }),
  z.object({ ...base, kind: z.literal("gallery"), intro: text.optional() }),
  z.object({
    ...base,
    kind: z.literal("guidelines"),
    status: z.enum(["open", "closed"]),
    deadline: text.optional(),
    items: z.array(text).min(1),
    action: link.extend({ href: z.union([url, sitePath]) }).optional(),
  }),
  z.object({
    ...base,
    kind: z.literal("links"),
    email: z.email().optional(),
    links: z.array(link),
  }),
]);

const pageSchema = z
  .object({
    slug: z.string().regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/),
    navLabel: text,
    title: text,
    description: text.max(200, "keep search descriptions under 200 characters"),
    sections: z.array(sectionSchema).min(1),
  })
  .refine((page) => new Set(page.sections.map((s) => s.id)).size === page.sections.length, {
    message: "section ids are unique on a page",
  });

/** A 24-hour time of day: "08:00", "20:00" (24:00 is the end of the day). */
const clock = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, "a time like 08:00");
/** A wall-clock time at the conference, as a datetime-local field gives it: "2025-04-15T23:59". */
const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const editionSchema = z
  .object({
    year: z.number().int().min(2010).max(2100),
    isCurrent: z.boolean(),
    date: z.iso.date(),
    startTime: time,
    endTime: time,
    venue: text,
    summary: text,
    navigation: z.enum(["side-menu", "sub-navbar"]),
    pages: z.array(pageSchema).min(1),
    programHours: z
      .object({ opens: clock, closes: clock })
      .refine((hours) => hours.opens < hours.closes, { message: "opens before it closes" })
      .optional(),
    abstracts: z
      .object({
        guidelines: z.array(text).min(1),
        deadline: text,
        maxPages: z.number().int().min(1).max(200),
        maxSubmissionsPerUser: z.number().int().min(1).max(100),
        talk: z.object({
          minutes: z.number().int().min(1).max(240),
          questionMinutes: z.number().int().min(0).max(60),
        }),
        acceptance: z.object({
          confirmAttendanceUrl: z.url().optional(),
          confirmBy: text,
          confirmByAt: wallClock,
          materialsDueBy: text,
          materialsDueAt: wallClock,
          materialsEmail: z.email(),
          videoMeetingUrl: z.url(),
        }),
      })
      .optional(),
  })
  .refine((edition) => edition.pages[0]?.slug === "", {
    message: "the first page is the main page",
  })
  .refine((edition) => edition.date.startsWith(String(edition.year)), {
    message: "the date is in the edition's year",
  }) satisfies z.ZodType<EditionContent>;

export const editionsSchema = z
  .array(editionSchema)
  .min(1)
  .refine((editions) => editions.filter((edition) => edition.isCurrent).length === 1, {
    message: "exactly one edition must be marked current",
  })
  .refine((editions) => editions.find((edition) => edition.isCurrent)?.abstracts !== undefined, {
    message: "the current edition describes its call for abstracts (abstracts)",
  })
  .refine((editions) => new Set(editions.map((edition) => edition.year)).size === editions.length, {
    message: "each year may appear only once",
  });
