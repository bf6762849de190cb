import type { EditionSection } from "~/content/sculc/edition-types";
import type { FormTree } from "./edition-form";

/** Each kind of section as the editor names it. */
export const sectionKindLabels: Record<EditionSection["kind"], string> = {
  details: "Event details",
  text: "Text",
  recap: "Recap of the day",
  keynote: "Keynote speaker",
  "program-document": "Program (PDF)",
  "program-pages": "Program (page images)",
  "program-list": "Program (list)",
  "schedule-image": "Schedule (image)",
  presentations: "Presentations",
  gallery: "Photo gallery",
  guidelines: "Call for abstracts",
  links: "Links",
};

/**
 * Kinds an editor can add. The program as a list is not among them: the program built in the admin
 * area takes the place of an edition's program section by itself.
 */
export const addableSectionKinds = [
  "text",
  "details",
  "keynote",
  "guidelines",
  "links",
  "recap",
  "presentations",
  "gallery",
  "program-document",
  "schedule-image",
  "program-pages",
] as const satisfies EditionSection["kind"][];

export type AddableSectionKind = (typeof addableSectionKinds)[number];

export function isAddableSectionKind(value: string): value is AddableSectionKind {
  return (addableSectionKinds as readonly string[]).includes(value);
}

const defaultIds: Record<AddableSectionKind, string> = {
  text: "about",
  details: "event-details",
  keynote: "keynote-speaker",
  guidelines: "call-for-abstracts",
  links: "links",
  recap: "recap",
  presentations: "presentations",
  gallery: "photos",
  "program-document": "program",
  "schedule-image": "schedule",
  "program-pages": "program-pages",
};

/** A new, empty section of a kind, with an anchor no other section of the page has. */
export function newSection(kind: AddableSectionKind, takenIds: string[]): FormTree {
  const base = defaultIds[kind];
  let id = base;
  for (let n = 2; takenIds.includes(id); n += 1) id = `${base}-${n}`;
  const section: FormTree = { kind, id, heading: sectionKindLabels[kind] };
  if (kind === "text" || kind === "recap") section.paragraphs = [""];
  if (kind === "guidelines") Object.assign(section, { status: "open", items: [""] });
  if (kind === "presentations") Object.assign(section, { display: "collapsible", items: [{}] });
  if (kind === "links") section.links = [{}];
  // A first gallery to fill at once: an empty one is dropped when the form is saved.
  if (kind === "gallery") section.galleries = [{}];
  return section;
}
