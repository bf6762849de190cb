/**
 * A conference day's program. app/content/sculc/programs.ts holds one per edition; the program PDFs,
 * the 2023 schedule image and the pages' presentation lists are all made from it, so they agree.
 */
export type Presenter = { name: string; institution: string };

export type ProgramItemKind =
  | "check-in"
  | "welcome"
  | "keynote"
  | "talk"
  | "poster"
  | "break"
  | "lunch"
  | "closing";

export type ProgramItem = {
  /** Times as printed, e.g. "9:00 AM". */
  start: string;
  end: string;
  kind: ProgramItemKind;
  title: string;
  /** Who presents (talks, posters, keynote); absent for breaks and the like. */
  presenters?: Presenter[];
  room?: string;
};

export type ConferenceProgram = {
  year: number;
  items: ProgramItem[];
};

/** An image with everything a page needs to draw it well: files are {slug}-{width}.webp. */
export type Photo = {
  slug: string;
  alt: string;
  caption?: string;
  width: number;
  height: number;
  /** The widths that exist as files, smallest first. */
  widths: number[];
};
