import type { PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";

/**
 * A published program, frozen: everything visitors see, so that the page, the calendars and the JSON
 * export of a version never change when titles, authors or the draft change later. Stored as JSON in
 * `program_version.snapshot`; `format` names this shape, so a later shape can still read old versions.
 */
export type ProgramSnapshot = {
  format: 1;
  editionYear: number;
  /** The conference day, YYYY-MM-DD, in `timeZone`. */
  date: string;
  timeZone: "America/Los_Angeles";
  /** In order: by start, then end, then room, then title. */
  sessions: SnapshotSession[];
};

export type SnapshotSession = {
  id: string;
  kind: ProgramSessionKind;
  title: string;
  room: string;
  chair: string | null;
  description: string | null;
  /** Local times of the day, "HH:MM". */
  startsAt: string;
  endsAt: string;
  presentations: SnapshotPresentation[];
};

export type SnapshotPresentation = {
  /** The slot's id: one placement of an abstract. */
  slotId: string;
  /** Never shown to visitors or exported: it names the abstract for the presenters' notices. */
  submissionId: string;
  format: PresentationFormat;
  title: string;
  /** A talk's own times; posters are presented for their whole session (null). */
  startsAt: string | null;
  endsAt: string | null;
  /** In the authors' order, as they wrote names and affiliations. */
  authors: { name: string; affiliation: string; presenting: boolean }[];
};

export function parseSnapshot(json: string): ProgramSnapshot {
  const value = JSON.parse(json) as ProgramSnapshot;
  if (value.format !== 1)
    throw new Error(`Unknown program snapshot format: ${String(value.format)}`);
  return value;
}
