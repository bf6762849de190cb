import type { ContentKind } from "~/content/site-content";

/**
 * A short account of what a publish changed, for the history list: the fields that differ, in words,
 * and for an edition the pages whose content changed. Compared as JSON, so reordering counts as a
 * change, as it does on the page.
 */
export function summariseChanges(kind: ContentKind, before: unknown, after: unknown): string {
  if (before === null || before === undefined) return "First published";
  if (!isRecord(before) || !isRecord(after)) return "Changed";
  if (kind === "edition") return summariseEdition(before, after);
  if (kind === "board-season") return summariseSeason(before, after);
  const fields = changedFields(before, after);
  return fields.length ? `Changed ${listInWords(fields.map(labelOf))}` : "No visible change";
}

function summariseEdition(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts: string[] = [];
  const fields = changedFields(before, after).filter((field) => field !== "pages");
  if (fields.length) parts.push(`changed ${listInWords(fields.map(labelOf))}`);
  const pagesBefore = pagesBySlug(before.pages);
  const pagesAfter = pagesBySlug(after.pages);
  for (const [slug, page] of pagesAfter) {
    const title = pageTitle(page, slug);
    const old = pagesBefore.get(slug);
    if (!old) parts.push(`added the page “${title}”`);
    else if (JSON.stringify(old) !== JSON.stringify(page)) parts.push(`edited the page “${title}”`);
  }
  for (const [slug, page] of pagesBefore) {
    if (!pagesAfter.has(slug)) parts.push(`removed the page “${pageTitle(page, slug)}”`);
  }
  return parts.length ? capitalise(parts.join("; ")) : "No visible change";
}

function summariseSeason(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const membersBefore = membersById(before.members);
  const membersAfter = membersById(after.members);
  const added = [...membersAfter.keys()].filter((id) => !membersBefore.has(id));
  const removed = [...membersBefore.keys()].filter((id) => !membersAfter.has(id));
  const edited = [...membersAfter.keys()].filter(
    (id) =>
      membersBefore.has(id) &&
      JSON.stringify(membersBefore.get(id)) !== JSON.stringify(membersAfter.get(id)),
  );
  const parts: string[] = [];
  const name = (members: Map<string, Record<string, unknown>>, id: string) =>
    String(members.get(id)?.name ?? id);
  if (added.length) parts.push(`added ${listInWords(added.map((id) => name(membersAfter, id)))}`);
  if (edited.length)
    parts.push(`edited ${listInWords(edited.map((id) => name(membersAfter, id)))}`);
  if (removed.length) {
    parts.push(`removed ${listInWords(removed.map((id) => name(membersBefore, id)))}`);
  }
  const orderBefore = [...membersBefore.keys()].filter((id) => membersAfter.has(id));
  const orderAfter = [...membersAfter.keys()].filter((id) => membersBefore.has(id));
  if (orderBefore.join() !== orderAfter.join()) parts.push("reordered the members");
  return parts.length ? capitalise(parts.join("; ")) : "No visible change";
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

function pagesBySlug(pages: unknown): Map<string, unknown> {
  const list = Array.isArray(pages) ? pages : [];
  return new Map(list.filter(isRecord).map((page) => [String(page.slug ?? ""), page]));
}

function membersById(members: unknown): Map<string, Record<string, unknown>> {
  const list = Array.isArray(members) ? members : [];
  return new Map(list.filter(isRecord).map((member) => [String(member.id ?? ""), member]));
}

function pageTitle(page: unknown, slug: string): string {
  return isRecord(page) && typeof page.title === "string" ? page.title : slug || "main page";
}

const fieldLabels: Record<string, string> = {
  contactEmail: "the contact email",
  location: "the location",
  social: "the social links",
  tagline: "the tagline",
  definition: "“What is linguistics?”",
  about: "“About us”",
  conferenceBlurb: "the conference blurb",
  stayInTouch: "“Stay in touch”",
  carousel: "the carousel pictures",
  openRound: "the open round",
  trainingSession: "the training session",
  attendanceForm: "the attendance form",
  officialSite: "the official site",
  events: "the events",
  date: "the date",
  startTime: "the start time",
  endTime: "the end time",
  venue: "the venue",
  summary: "the summary",
  navigation: "the navigation",
  abstracts: "the call for abstracts",
  programHours: "the program hours",
};

function labelOf(field: string): string {
  return fieldLabels[field] ?? `the ${field.replace(/([A-Z])/g, " $1").toLowerCase()}`;
}

function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
