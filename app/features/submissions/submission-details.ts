import type { PreferredFormat } from "~/lib/db/schema";

/**
 * An abstract's details besides its PDF: title, authors, preferred format. Plain values and functions
 * shared by the pages and the server; the server's rules (zod) are in submission-details.server.ts.
 */
export const detailLimits = {
  title: 300,
  name: 200,
  affiliation: 200,
  email: 254,
  coauthors: 10,
} as const;

export const preferredFormats = ["talk", "poster", "either"] as const satisfies PreferredFormat[];

/** What the form posts, before any check: re-rendered as typed when the form comes back. */
export type CoauthorDraft = { name: string; affiliation: string; email: string; presents: boolean };
export type DetailsDraft = {
  title: string;
  /** The submitting (presenting) author's affiliation; the name comes from the profile. */
  affiliation: string;
  /** Whether the submitting author presents. */
  presents: boolean;
  coauthors: CoauthorDraft[];
  format: string;
};

export const emptyCoauthor = (): CoauthorDraft => ({
  name: "",
  affiliation: "",
  email: "",
  presents: false,
});

export function emptyDraft(affiliation = ""): DetailsDraft {
  return { title: "", affiliation, presents: true, coauthors: [], format: "" };
}

/** Form field names: co-author rows are numbered from 0 in the order shown. */
export const detailFields = {
  title: "title",
  affiliation: "affiliation",
  presents: "presents",
  format: "format",
  coauthor: (index: number, part: keyof CoauthorDraft) => `coauthor.${index}.${part}`,
} as const;

const coauthorField = /^coauthor\.(\d{1,2})\.(name|affiliation|email|presents)$/;

/**
 * The draft in posted fields (a multipart upload's or a form's). Unknown fields are ignored; rows past
 * the limit are kept, so the check refuses them out loud instead of storing the first ten in silence
 * (the form never renders more; a crafted post can send up to 100, the field name's two digits).
 */
export function readDraft(fields: ReadonlyMap<string, string>): DetailsDraft {
  const rows = new Map<number, CoauthorDraft>();
  for (const [key, value] of fields) {
    const match = coauthorField.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? emptyCoauthor();
    const part = match[2] as keyof CoauthorDraft;
    if (part === "presents") row.presents = value !== "";
    else row[part] = value;
    rows.set(index, row);
  }
  return {
    title: fields.get(detailFields.title) ?? "",
    affiliation: fields.get(detailFields.affiliation) ?? "",
    presents: (fields.get(detailFields.presents) ?? "") !== "",
    coauthors: [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row),
    format: fields.get(detailFields.format) ?? "",
  };
}

/** The buttons that change the co-author rows (without JavaScript they post and the form comes back). */
export type RowIntent = { kind: "add" } | { kind: "remove" | "up" | "down"; index: number };

export const rowIntentValue = {
  add: "add-coauthor",
  remove: (index: number) => `remove-coauthor:${index}`,
  up: (index: number) => `up-coauthor:${index}`,
  down: (index: number) => `down-coauthor:${index}`,
} as const;

export function readRowIntent(value: string | null | undefined): RowIntent | null {
  if (value === rowIntentValue.add) return { kind: "add" };
  const match = /^(remove|up|down)-coauthor:(\d{1,2})$/.exec(value ?? "");
  if (!match) return null;
  return { kind: match[1] as "remove" | "up" | "down", index: Number(match[2]) };
}

/** Ids of the row controls that focus goes to after a row button (the Name field takes TextField's id). */
export const rowControlIds = {
  add: "add-coauthor",
  name: (index: number) => `field-${detailFields.coauthor(index, "name")}`,
  move: (index: number, kind: "up" | "down") => `coauthor-${index}-${kind}`,
} as const;

/**
 * Where focus goes after a row button changed `count` rows, so keyboard users stay where they were:
 * the new row's name, the add button after a removal, or the moved row's same button when it still has
 * one (a top row has no "up", a bottom row no "down").
 */
export function focusAfterRowChange(intent: RowIntent, count: number): string {
  if (intent.kind === "add") return rowControlIds.name(count - 1);
  if (intent.kind === "remove") return rowControlIds.add;
  const to = intent.kind === "up" ? intent.index - 1 : intent.index + 1;
  const atEnd = intent.kind === "up" ? to <= 0 : to >= count - 1;
  return rowControlIds.move(to, atEnd ? (intent.kind === "up" ? "down" : "up") : intent.kind);
}

/** Applies a row button to the rows; out-of-range buttons (a stale page) change nothing. */
export function applyRowIntent<Row>(
  rows: readonly Row[],
  intent: RowIntent,
  empty: () => Row,
): Row[] {
  const next = [...rows];
  if (intent.kind === "add") {
    if (next.length < detailLimits.coauthors) next.push(empty());
    return next;
  }
  const { index } = intent;
  if (index < 0 || index >= next.length) return next;
  if (intent.kind === "remove") next.splice(index, 1);
  const other = intent.kind === "up" ? index - 1 : intent.kind === "down" ? index + 1 : -1;
  if (other >= 0 && other < next.length) {
    [next[index], next[other]] = [next[other] as Row, next[index] as Row];
  }
  return next;
}

export const formatLabels = {
  talk: "Talk",
  poster: "Poster",
  either: "Either",
} as const satisfies Record<PreferredFormat, string>;

/** The stored author as the pages show it. */
export type AuthorView = {
  position: number;
  name: string;
  affiliation: string;
  email: string | null;
  isPresenter: boolean;
};

/** An abstract's title, or its file name when it has none (uploaded before titles existed). */
export function titleOrFileName(row: { title: string; fileName: string }): string {
  return row.title.trim() ? row.title : row.fileName;
}

/** How an abstract is named to people: its title and file, or the file alone (old abstracts, or a title that is the file name). */
export function abstractLabel(row: { title: string; fileName: string }): string {
  const title = row.title.trim();
  return title && title !== row.fileName ? `${title} (${row.fileName})` : row.fileName;
}

/** "Ada Lovelace (Univ. X, presenting); Ŋɡʊ̃ Þórsdóttir" for tables and CSV. */
export function describeAuthors(authors: readonly AuthorView[]): string {
  return authors
    .map((author) => {
      const notes = [author.affiliation, author.isPresenter ? "presenting" : ""].filter(Boolean);
      return notes.length ? `${author.name} (${notes.join(", ")})` : author.name;
    })
    .join("; ");
}
