import type { Embed } from "../embed";
import type { Picture } from "../picture";
import type { Presenter } from "./program-types";

/**
 * A SCULC edition: one file in app/content/sculc/editions/, listed in app/content/editions.ts. Its pages
 * (the main page, then any sub-pages) are made of the sections below, which the edition page renders in
 * order; images and documents are looked up by the edition's year (see docs/content.md).
 */
export type EditionContent = {
  year: number;
  isCurrent: boolean;
  /** ISO date of the conference day, in the conference's time zone. */
  date: string;
  startTime: string;
  endTime: string;
  venue: string;
  /** One sentence about this edition, for search results and link previews. */
  summary: string;
  /** How visitors move between sections or pages: anchors beside the page, or a bar of sub-pages. */
  navigation: "side-menu" | "sub-navbar";
  /** The main page first (slug ""), then sub-pages such as "program" (served at /sculc-YYYY-program). */
  pages: EditionPage[];
  /**
   * When the program may run on the conference day ("HH:MM", 24-hour, local time): a session outside
   * these hours is a warning in the program editor. Default 08:00-20:00.
   */
  programHours?: { opens: string; closes: string };
  /** The call for abstracts, for the edition that takes submissions (the current one). */
  abstracts?: AbstractCall;
};

/** What the submission pages say: the rules for authors, and what accepted authors do next. */
export type AbstractCall = {
  guidelines: string[];
  /** Shown with the deadline, e.g. "Friday, March 21, 2025, 11:59 PM Pacific Time". */
  deadline: string;
  /** Longer abstracts are refused on upload (pdf.js stops counting here, too). */
  maxPages: number;
  /** How many abstracts one person may have in this edition at a time. */
  maxSubmissionsPerUser: number;
  /** A talk's length and the questions after it, in minutes (shown on the submit form and the program). */
  talk: { minutes: number; questionMinutes: number };
  acceptance: {
    /** An external form, kept only as a fallback link beside the site's own confirm/decline buttons. */
    confirmAttendanceUrl?: string;
    /** Shown, e.g. "April 15, 11:59 PM Pacific Time". */
    confirmBy: string;
    /** The same moment as a wall-clock time at the conference ("2025-04-15T23:59"), which the site enforces. */
    confirmByAt: string;
    materialsDueBy: string;
    /** Wall-clock time at the conference ("2025-05-10T23:59"), the final-materials upload deadline. */
    materialsDueAt: string;
    materialsEmail: string;
    videoMeetingUrl: string;
  };
};

export type EditionPage = {
  slug: string;
  /** The label in the sub-navbar. */
  navLabel: string;
  /** The page's heading and title. */
  title: string;
  description: string;
  sections: EditionSection[];
};

export type PresentationEmbed = { title: string; presenters: Presenter[]; embed: Embed };

/** A titled set of photos in a gallery section ("Keynote", "Presenters"). */
export type PhotoGallery = { title: string; pictures: Picture[] };

export type LinkItem = { label: string; href: string; description?: string };

type SectionBase = {
  /** Anchor id, unique on its page; the side menu links to it. */
  id: string;
  heading: string;
  /** The side menu's shorter label, when the heading is long. */
  menuLabel?: string;
};

export type EditionSection = SectionBase &
  (
    | {
        kind: "details";
        checkIn?: string;
        lunch?: string;
        format?: string;
        attendance: string;
        /** Extra facts, e.g. the abstract deadline. */
        facts?: { label: string; value: string }[];
      }
    | { kind: "text"; paragraphs: string[]; facts?: { label: string; value: string }[] }
    | { kind: "recap"; paragraphs: string[]; photoCredit?: string }
    | { kind: "keynote"; speaker: string; affiliation: string; talkTitle: string; bio: string }
    | {
        kind: "program-document";
        /** A PDF shipped with the site (app/assets/documents), for the editions before the editor. */
        file?: string;
        /** The id of a PDF an editor uploaded (media table); shown instead of `file`. */
        document?: string;
        intro?: string;
      }
    | {
        kind: "program-pages";
        intro?: string;
        /** The printed program's pages as uploaded pictures, in order; absent: the shipped ones. */
        pages?: Picture[];
      }
    | { kind: "program-list"; intro?: string }
    | {
        kind: "schedule-image";
        intro?: string;
        /** The schedule as one uploaded picture (a list of at most one); absent: the shipped one. */
        pictures?: Picture[];
      }
    | {
        kind: "presentations";
        intro?: string;
        display: "collapsible" | "list";
        items: PresentationEmbed[];
      }
    | {
        kind: "gallery";
        intro?: string;
        /** Uploaded photo galleries; absent: the photos shipped with the site for the year. */
        galleries?: PhotoGallery[];
        /** Who took the photos, under the galleries. */
        photoCredit?: string;
      }
    | {
        kind: "guidelines";
        status: "open" | "closed";
        /** Shown as written, e.g. "Sunday, March 24, 2024, 11:59 PM Pacific Time". */
        deadline?: string;
        items: string[];
        /** Where the call (or its form) is, when it is open. */
        action?: LinkItem;
      }
    | { kind: "links"; email?: string; links: LinkItem[] }
  );
