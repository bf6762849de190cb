import type { ConferenceProgram, ProgramItem } from "./program-types";
import { programs } from "./programs";

export function programFor(year: number): ConferenceProgram {
  const program = programs.find((candidate) => candidate.year === year);
  if (!program) throw new Error(`No program for SCULC ${year} in app/content/sculc/programs.ts`);
  return program;
}

/** Talks and posters, in program order. */
export function presentationsOf(program: ConferenceProgram): ProgramItem[] {
  return program.items.filter((item) => item.kind === "talk" || item.kind === "poster");
}

export function keynoteOf(program: ConferenceProgram): ProgramItem {
  const keynote = program.items.find((item) => item.kind === "keynote");
  if (!keynote?.presenters?.[0]) throw new Error(`No keynote in the SCULC ${program.year} program`);
  return keynote;
}

/** A stable sample address for a presentation's slides or poster, made from its title. */
export function sampleSlidesEmbed(year: number, item: ProgramItem) {
  const slug = item.title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  const id = `sculc-${year}-${slug}`;
  return {
    kind: item.kind === "poster" ? ("poster" as const) : ("slides" as const),
    title: item.title,
    embedUrl: `https://docs.google.com/presentation/d/e/${id}/embed?start=false&loop=false`,
    linkUrl: `https://docs.google.com/presentation/d/e/${id}/pub`,
  };
}
