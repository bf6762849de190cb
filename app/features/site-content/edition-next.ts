import type { EditionContent, EditionPage, EditionSection } from "~/content/sculc/edition-types";

/** An edition as a content document stores it: whether it is current follows from the years. */
export type EditionDocument = Omit<EditionContent, "isCurrent">;

/** Something the organiser checks in a new edition before publishing it, with the field to look at. */
export type RecheckItem = { field: string; label: string; note: string };

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2025-05-17" a year later: "2026-05-17" (the 29th of February becomes the 28th). */
export function moveDateByAYear(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, year = "", month = "", day = ""] = match;
  const nextYear = Number(year) + 1;
  const isLeap = (nextYear % 4 === 0 && nextYear % 100 !== 0) || nextYear % 400 === 0;
  const nextDay = month === "02" && day === "29" && !isLeap ? "28" : day;
  return `${nextYear}-${month}-${nextDay}`;
}

/** A wall-clock time ("2025-04-15T23:59") a year later, at the same time of day. */
export function moveWallClockByAYear(wallClock: string): string {
  const [date = "", time = ""] = wallClock.split("T");
  return `${moveDateByAYear(date)}T${time}`;
}

/** The weekday of an ISO date, in English ("Saturday"). */
export function weekdayOf(isoDate: string): string {
  return weekdays[new Date(`${isoDate}T12:00:00Z`).getUTCDay()] ?? "";
}

/**
 * A written-out text with its year moved on: "Friday, March 21, 2025, 11:59 PM" becomes "Saturday,
 * March 21, 2026, 11:59 PM". A weekday is corrected only where the text names the whole date; the
 * organiser checks every such text anyway, since the deadline itself may move to another day.
 */
export function moveTextByAYear(value: string, year: number): string {
  const moved = value.replace(new RegExp(`\\b${year}\\b`, "g"), String(year + 1));
  const pattern = new RegExp(
    `\\b(${weekdays.join("|")}),\\s+(${months.join("|")})\\s+(\\d{1,2}),\\s+(\\d{4})`,
    "g",
  );
  return moved.replace(
    pattern,
    (whole, _weekday: string, month: string, day: string, y: string) => {
      const iso = `${y}-${String(months.indexOf(month) + 1).padStart(2, "0")}-${day.padStart(2, "0")}`;
      const weekday = weekdayOf(iso);
      return weekday ? `${weekday}, ${month} ${day}, ${y}` : whole;
    },
  );
}

// Sections that report on a conference that has happened: next year starts without them.
const pastOnlyKinds = new Set<EditionSection["kind"]>(["presentations", "recap", "gallery"]);

const isAddress = (value: string) => /^(https?:|mailto:|\/)/.test(value);

/** Every string of a value with the year moved on, except web addresses and file names. */
function moveStrings<T>(value: T, year: number): T {
  if (typeof value === "string") {
    return (isAddress(value) ? value : moveTextByAYear(value, year)) as T;
  }
  if (Array.isArray(value)) return value.map((item) => moveStrings(item, year)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, moveStrings(item, year)]),
    ) as T;
  }
  return value;
}

function nextSection(section: EditionSection, year: number): EditionSection {
  // Last year's printed program and schedule are last year's: the new edition says they are coming.
  // The section keeps its anchor, so a program built in the site later takes its place.
  if (
    section.kind === "program-document" ||
    section.kind === "program-pages" ||
    section.kind === "schedule-image"
  ) {
    return {
      kind: "text",
      id: section.id,
      heading: section.heading,
      paragraphs: [`The program of SCULC ${year + 1} will be posted here closer to the day.`],
    };
  }
  return moveStrings(section, year);
}

function nextPage(page: EditionPage, year: number): EditionPage | null {
  const kept = page.sections.filter((section) => !pastOnlyKinds.has(section.kind));
  const sections = (kept.length || page.slug !== "" ? kept : page.sections).map((section) =>
    nextSection(section, year),
  );
  if (!sections.length) return null;
  return { ...moveStrings({ ...page, sections: [] }, year), sections };
}

/**
 * Next year's edition, drafted from the current one: the same pages and sections (less those about
 * the day itself: presentations, recap, photos), guidelines, talk length and limits, with every date
 * a year later. What cannot be moved by rule (weekdays, the keynote speaker, addresses) is listed by
 * `listThingsToRecheck`.
 */
export function draftNextEdition(current: EditionDocument): EditionDocument {
  const { year } = current;
  const pages = current.pages
    .map((page) => nextPage(page, year))
    .filter((page): page is EditionPage => page !== null);
  const abstracts = current.abstracts
    ? {
        ...current.abstracts,
        guidelines: [...current.abstracts.guidelines],
        deadline: moveTextByAYear(current.abstracts.deadline, year),
        acceptance: {
          ...current.abstracts.acceptance,
          confirmBy: moveTextByAYear(current.abstracts.acceptance.confirmBy, year),
          confirmByAt: moveWallClockByAYear(current.abstracts.acceptance.confirmByAt),
          materialsDueBy: moveTextByAYear(current.abstracts.acceptance.materialsDueBy, year),
          materialsDueAt: moveWallClockByAYear(current.abstracts.acceptance.materialsDueAt),
        },
      }
    : undefined;
  return {
    ...current,
    year: year + 1,
    date: moveDateByAYear(current.date),
    summary: moveTextByAYear(current.summary, year),
    pages,
    ...(abstracts ? { abstracts } : {}),
  };
}

/** What the organiser checks in a new edition before publishing: dates, texts and last year's people. */
export function listThingsToRecheck(edition: EditionDocument): RecheckItem[] {
  const items: RecheckItem[] = [
    {
      field: "date",
      label: "Conference date",
      note: `Now ${weekdayOf(edition.date)}, ${edition.date}: last year's date moved by a year, so the weekday changed.`,
    },
  ];
  items.push({
    field: "summary",
    label: "Summary",
    note: "It may name the date or the weekday.",
  });
  const call = edition.abstracts;
  if (call) {
    items.push(
      { field: "abstracts.deadline", label: "Abstract deadline", note: call.deadline },
      {
        field: "abstracts.acceptance.confirmBy",
        label: "Confirm attendance by",
        note: call.acceptance.confirmBy,
      },
      {
        field: "abstracts.acceptance.materialsDueBy",
        label: "Final materials due by",
        note: call.acceptance.materialsDueBy,
      },
      {
        field: "abstracts.acceptance.videoMeetingUrl",
        label: "Video meeting link",
        note: "Last year's link: make a new meeting if it changed.",
      },
    );
    if (call.acceptance.confirmAttendanceUrl) {
      items.push({
        field: "abstracts.acceptance.confirmAttendanceUrl",
        label: "Confirm-attendance form",
        note: "Last year's form: replace or empty it.",
      });
    }
  }
  edition.pages.forEach((page, pageIndex) => {
    page.sections.forEach((section, sectionIndex) => {
      if (section.kind === "keynote") {
        items.push({
          field: `pages.${pageIndex}.sections.${sectionIndex}.speaker`,
          label: "Keynote speaker",
          note: `Still last year's speaker, ${section.speaker}.`,
        });
      }
      if (section.kind === "links") {
        items.push({
          field: `pages.${pageIndex}.sections.${sectionIndex}.heading`,
          label: `Links in "${section.heading}"`,
          note: "Check-in forms and meeting links may be last year's.",
        });
      }
    });
  });
  return items;
}
