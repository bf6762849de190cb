import { z } from "zod";
import { pictureList, pictureSchema } from "./picture.schema";
import { editionMediaLimits, editionMediaMessages } from "./sculc/edition-media";
import type { EditionContent } from "./sculc/edition-types";

/**
 * The rules conference content must follow, checked by a test (kept out of the content modules so the
 * schema library never reaches a browser bundle).
 */
// Limits keep one mistaken paste from filling a page (and the database): a line of text, and a paragraph.
const text = z.string().trim().min(1).max(1000);
const paragraph = z.string().trim().min(1).max(5000);
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
/** An uploaded file's id in the media table (its purpose is checked when the form is saved). */
const mediaId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, editionMediaMessages.noDocument);

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
  z.object({ ...base, kind: z.literal("text"), paragraphs: z.array(paragraph).min(1), facts }),
  z.object({
    ...base,
    kind: z.literal("recap"),
    paragraphs: z.array(paragraph).min(1),
    photoCredit: text.optional(),
  }),
  z.object({
    ...base,
    kind: z.literal("keynote"),
    speaker: text,
    affiliation: text,
    talkTitle: text,
    bio: paragraph,
  }),
  z
    .object({
      ...base,
      kind: z.literal("program-document"),
      file: z
        .string()
        .regex(/^[\w.-]+\.pdf$/)
        .optional(),
      document: mediaId.optional(),
      intro: text.optional(),
    })
    .refine((section) => section.file || section.document, {
      path: ["document"],
      message: editionMediaMessages.noDocument,
    }),
  z.object({
    ...base,
    kind: z.literal("program-pages"),
    intro: text.optional(),
    pages: pictureList(editionMediaLimits.programPages).optional(),
  }),
  z.object({ ...base, kind: z.literal("program-list"), intro: text.optional() }),
  z.object({
    ...base,
    kind: z.literal("schedule-image"),
    intro: text.optional(),
    pictures: pictureList(1).optional(),
  }),
  z.object({
    ...base,
    kind: z.literal("presentations"),
    intro: text.optional(),
    display: z.enum(["collapsible", "list"]),
    items: z.array(z.object({ title: text, presenters: z.array(presenter), embed })).min(1),
  }),
  z.object({
    ...base,
    kind: z.literal("gallery"),
    intro: text.optional(),
    galleries: z
      .array(
        z.object({
          title: text,
          // A gallery with no photos posts no list at all: the same sentence for both.
          pictures: z
            .array(pictureSchema, { error: editionMediaMessages.emptyGallery })
            .min(1, editionMediaMessages.emptyGallery)
            .max(
              editionMediaLimits.galleryPhotos,
              `Keep to ${editionMediaLimits.galleryPhotos} photos at most in one gallery: start another gallery for the rest.`,
            ),
        }),
      )
      .max(
        editionMediaLimits.galleries,
        `Keep to ${editionMediaLimits.galleries} galleries at most in one section.`,
      )
      .optional(),
    photoCredit: text.optional(),
  }),
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

type CrossFieldIssue = { path: (string | number)[]; message: string };

const isString = (value: unknown): value is string => typeof value === "string";

/**
 * Rules between fields of an edition. The schema applies them once every field is well formed; a
 * form also asks them of a half-filled edition, so an end before the start is reported together with
 * an empty venue. Each rule looks only at fields that are themselves well formed.
 */
export function crossFieldIssues(edition: unknown): CrossFieldIssue[] {
  const issues: CrossFieldIssue[] = [];
  const refuse = (path: (string | number)[], message: string) => issues.push({ path, message });
  if (!edition || typeof edition !== "object") return issues;
  const { year, date, startTime, endTime, pages, abstracts } = edition as Record<string, unknown>;
  if (Array.isArray(pages)) {
    const slugs = pages.map((page) => (page as { slug?: unknown } | null)?.slug);
    if (slugs[0] !== "") refuse(["pages"], "The first page is the main page.");
    slugs.forEach((slug, index) => {
      if (index === 0 || !isString(slug)) return;
      if (slug === "") refuse(["pages", index, "slug"], "Fill this in.");
      else if (slugs.indexOf(slug) !== index) {
        refuse(["pages", index, "slug"], "Another page of this edition has this address.");
      }
    });
  }
  const yearText = String(year);
  if (isString(date) && /^\d{4}-\d{2}-\d{2}$/.test(date) && !date.startsWith(yearText)) {
    refuse(["date"], `Choose a date in ${yearText}.`);
  }
  if (
    isString(startTime) &&
    isString(endTime) &&
    timePattern.test(startTime) &&
    timePattern.test(endTime)
  ) {
    if (minutesOf(endTime) <= minutesOf(startTime)) {
      refuse(["endTime"], "The end time is after the start time.");
    }
  }
  const acceptance = (abstracts as { acceptance?: Record<string, unknown> } | undefined)
    ?.acceptance;
  if (!acceptance || typeof acceptance !== "object") return issues;
  const wellFormed: string[] = [];
  for (const field of ["confirmByAt", "materialsDueAt"] as const) {
    const at = acceptance[field];
    if (!isString(at) || !wallClockPattern.test(at)) continue;
    if (!isRealWallClock(at))
      refuse(["abstracts", "acceptance", field], "This date does not exist.");
    else if (!at.startsWith(yearText)) {
      refuse(["abstracts", "acceptance", field], `Choose a date in ${yearText}.`);
    } else wellFormed.push(at);
  }
  const [confirmByAt, materialsDueAt] = wellFormed;
  if (wellFormed.length === 2 && confirmByAt && materialsDueAt && confirmByAt >= materialsDueAt) {
    refuse(
      ["abstracts", "acceptance", "materialsDueAt"],
      "Final materials are due after presenters confirm: choose a later time than the confirm-by time.",
    );
  }
  return issues;
}

const timePattern = /^\d{1,2}:\d{2} (AM|PM)$/;
const wallClockPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** "9:00 AM" as minutes after midnight. */
function minutesOf(clockTime: string): number {
  const [, hours = "0", minutes = "0", half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(clockTime) ?? [];
  return (Number(hours) % 12) * 60 + Number(minutes) + (half === "PM" ? 720 : 0);
}

/** "2026-02-30T10:00" matches the pattern but is no day of any calendar. */
function isRealWallClock(value: string): boolean {
  const parsed = new Date(`${value}:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 16) === value;
}

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
          confirmAttendanceUrl: url.optional(),
          confirmBy: text,
          confirmByAt: wallClock,
          materialsDueBy: text,
          materialsDueAt: wallClock,
          materialsEmail: z.email(),
          videoMeetingUrl: url,
        }),
      })
      .optional(),
  })
  .superRefine((edition, context) => {
    for (const issue of crossFieldIssues(edition)) {
      context.addIssue({
        code: "custom",
        path: issue.path,
        message: issue.message,
        input: edition,
      });
    }
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
