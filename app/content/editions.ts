/**
 * Editions of SCULC, the society's annual undergraduate linguistics conference. Exactly one edition is
 * current: the nav dropdown and the home page's conference blurb follow it. Adding next year's
 * conference starts with an entry here; editions.schema.ts says what an entry must hold.
 */
export const conferenceName = "Southern California Undergraduate Linguistics Conference";
export const conferenceShortName = "SCULC";
export const conferenceFoundedYear = 2010;

export type Edition = {
  year: number;
  isCurrent: boolean;
  /** Conference day as an ISO date (YYYY-MM-DD), in the conference's time zone. */
  date: string;
  /** Opening and closing times as shown to people, e.g. "9:00 AM". */
  startTime: string;
  endTime: string;
  venue: string;
};

export const editions: Edition[] = [
  {
    year: 2025,
    isCurrent: true,
    date: "2025-05-17",
    startTime: "9:00 AM",
    endTime: "5:30 PM",
    venue: "Student Center Pavilion and online",
  },
  {
    year: 2024,
    isCurrent: false,
    date: "2024-05-18",
    startTime: "9:00 AM",
    endTime: "5:00 PM",
    venue: "Student Center Pavilion",
  },
  {
    year: 2023,
    isCurrent: false,
    date: "2023-05-27",
    startTime: "9:00 AM",
    endTime: "5:30 PM",
    venue: "Student Center Pavilion",
  },
  {
    year: 2022,
    isCurrent: false,
    date: "2022-05-21",
    startTime: "9:00 AM",
    endTime: "5:00 PM",
    venue: "Student Center Pavilion and online",
  },
];

/** Newest first, as menus list them. */
export const editionsNewestFirst: Edition[] = [...editions].sort((a, b) => b.year - a.year);

export function getCurrentEdition(): Edition {
  const current = editions.find((edition) => edition.isCurrent);
  if (!current) throw new Error("No current SCULC edition in app/content/editions.ts");
  return current;
}

export function editionPath(edition: Pick<Edition, "year">): string {
  return `/sculc-${edition.year}`;
}

/** "Saturday, May 17, 2025": the date is read as a calendar day, never shifted by time zones. */
export function formatEditionDate(edition: Pick<Edition, "date">): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${edition.date}T00:00:00Z`));
}
