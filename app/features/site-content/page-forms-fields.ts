import type { ContentKind } from "~/content/site-content";

/**
 * The page forms (home page, footer, NACLO, events) as plain HTML forms: every field is named by its
 * dotted path in the document ("openRound.notes.2", "events.0.title"), so the whole form arrives as
 * one POST, a refusal's dotted path names the field it belongs beside, and lists are repeated fields.
 * The same description of each document (its shape) turns posted fields into values, values into the
 * document to save, and a stored document back into values for the form.
 */

/** The forms, by the part of /user-data/content/{form} that names them. */
export const pageForms = ["home", "footer", "naclo", "events"] as const;
export type PageForm = (typeof pageForms)[number];

export function isPageForm(value: string): value is PageForm {
  return (pageForms as readonly string[]).includes(value);
}

/** The content document each form edits (the footer and social links are the site settings). */
export const pageFormKinds: Record<PageForm, ContentKind> = {
  home: "home",
  footer: "settings",
  naclo: "naclo",
  events: "events",
};

/**
 * text: kept as typed (the schema trims); optional: left out of the document when blank; time: an
 * `<input type="time">` ("09:00") stored as "9:00 AM"; integer: a year; id: a hidden key made from
 * the item's words when new; constant: not in the form, always this value.
 */
type Leaf = "text" | "optional" | "time" | "integer" | "id";
type Constant = { constant: string };
type List = { list: Shape | "text" };
export type Shape = { [field: string]: Leaf | Constant | List | Shape };

const session: Shape = {
  title: "text",
  date: "text",
  startTime: "time",
  endTime: "time",
  place: "text",
  notes: { list: "text" },
};

export const pageFormShapes: Record<PageForm, Shape> = {
  home: {
    tagline: "text",
    definition: "text",
    about: "text",
    conferenceBlurb: "text",
    stayInTouch: "text",
    // Rows come from uploads (the media id is a hidden field); "add:carousel" is never offered.
    carousel: { list: { media: "text", alt: "text", caption: "optional" } },
  },
  footer: {
    location: "text",
    contactEmail: "text",
    social: { list: { kind: "text", label: "text", description: "text", href: "text" } },
  },
  naclo: {
    year: "integer",
    name: "text",
    shortName: "text",
    officialSite: "text",
    openRound: { ...session, arriveBy: "time", bring: { list: "text" } },
    trainingSession: session,
    attendanceForm: {
      kind: { constant: "form" },
      title: "text",
      embedUrl: "text",
      linkUrl: "optional",
    },
  },
  events: {
    events: {
      list: {
        id: "id",
        title: "text",
        date: "text",
        startTime: "time",
        endTime: "time",
        place: "text",
        href: "optional",
      },
    },
  },
};

/** A form's values as the fields show them: text everywhere, lists as arrays. */
export type FormValue = string | FormValues | FormValue[];
export type FormValues = { [field: string]: FormValue };

const isList = (node: unknown): node is List =>
  typeof node === "object" && node !== null && "list" in node;
const isConstant = (node: unknown): node is Constant =>
  typeof node === "object" && node !== null && "constant" in node;

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Posted fields, by name; only strings (a file field is nobody's business here). */
export function readPostedFields(formData: FormData): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of formData) if (typeof value === "string") fields.set(name, value);
  return fields;
}

/** The form's values from the posted fields: fields the shape does not name are ignored. */
export function valuesFromPosted(
  shape: Shape,
  fields: Map<string, string>,
  prefix = "",
): FormValues {
  const values: FormValues = {};
  for (const [field, node] of Object.entries(shape)) {
    if (isConstant(node)) continue;
    const name = `${prefix}${field}`;
    if (isList(node)) values[field] = listFromPosted(node, fields, name);
    else if (typeof node === "object") values[field] = valuesFromPosted(node, fields, `${name}.`);
    else values[field] = fields.get(name) ?? "";
  }
  return values;
}

function listFromPosted(node: List, fields: Map<string, string>, name: string): FormValue[] {
  // Items are numbered as the form rendered them; a gap (a hand-made POST) closes up.
  const indexes = new Set<number>();
  const item = new RegExp(`^${name.replace(/\./g, "\\.")}\\.(\\d{1,3})(\\.|$)`);
  for (const key of fields.keys()) {
    const match = item.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) =>
      node.list === "text"
        ? (fields.get(`${name}.${index}`) ?? "")
        : valuesFromPosted(node.list, fields, `${name}.${index}.`),
    );
}

/** A list item nobody has typed into: dropped when saving (a row just added, an unused note). */
function isBlank(value: FormValue): boolean {
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isBlank);
  return Object.entries(value).every(([field, inner]) => field === "id" || isBlank(inner));
}

/** The document to save from the form's values: times as "9:00 AM", blank list items left out. */
export function documentFromValues(form: PageForm, values: FormValues): Record<string, unknown> {
  const document = buildDocument(pageFormShapes[form], values);
  if (form === "events") giveEventsIds(document);
  // No uploaded pictures: the document leaves the list out, and the page shows the shipped photos.
  if (form === "home" && Array.isArray(document.carousel) && document.carousel.length === 0) {
    delete document.carousel;
  }
  return document;
}

function buildDocument(shape: Shape, values: FormValues): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const [field, node] of Object.entries(shape)) {
    const value = values[field];
    if (isConstant(node)) document[field] = node.constant;
    else if (isList(node)) {
      const items = (Array.isArray(value) ? value : []).filter((item) => !isBlank(item));
      document[field] = items.map((item) =>
        node.list === "text" || typeof item !== "object" || Array.isArray(item)
          ? String(item)
          : buildDocument(node.list, item),
      );
    } else if (typeof node === "object") {
      document[field] = buildDocument(node, asFormValues(value));
    } else {
      const text = typeof value === "string" ? value : "";
      if (node === "optional" && text.trim() === "") continue;
      document[field] = leafToDocument(node, text);
    }
  }
  return document;
}

function asFormValues(value: FormValue | undefined): FormValues {
  return typeof value === "object" && !Array.isArray(value) ? value : {};
}

function leafToDocument(leaf: Leaf, text: string): unknown {
  if (leaf === "time") return timeToDocument(text);
  // Anything but digits goes to the schema as text, which refuses it with the year's own message.
  if (leaf === "integer") return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : text;
  return text;
}

/** "09:00" (a time field's value) as "9:00 AM"; anything else as typed, for the schema to refuse. */
export function timeToDocument(value: string): string {
  const match = /^(\d{2}):(\d{2})(:\d{2})?$/.exec(value.trim());
  if (!match) return value.trim();
  const hours = Number(match[1]);
  if (hours > 23) return value.trim();
  const period = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${period}`;
}

/** "9:00 AM" as a time field's "09:00"; anything else as stored. */
export function timeToField(value: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(value);
  if (!match) return value;
  const hours = (Number(match[1]) % 12) + (match[3] === "PM" ? 12 : 0);
  return `${String(hours).padStart(2, "0")}:${match[2]}`;
}

/**
 * A new event's id comes from its title and date ("trivia-night-2026-02-10"), so the history and a
 * reorder name it; an event keeps its id when its title changes later. Clashes get "-2", "-3".
 */
function giveEventsIds(document: Record<string, unknown>): void {
  const events = Array.isArray(document.events)
    ? (document.events as Record<string, unknown>[])
    : [];
  const taken = new Set(
    events
      .map((event) => event.id)
      .filter((id): id is string => typeof id === "string" && id !== ""),
  );
  for (const event of events) {
    if (typeof event.id === "string" && event.id.trim() !== "") continue;
    const base = eventIdFrom(String(event.title ?? ""), String(event.date ?? ""));
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    event.id = id;
  }
}

export function eventIdFrom(title: string, date: string): string {
  const words = `${title} ${date}`
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return words || "event";
}

/** The form's values from a stored document (times as the time fields want them). */
export function valuesFromDocument(shape: Shape, document: unknown): FormValues {
  const record = asRecord(document);
  const values: FormValues = {};
  for (const [field, node] of Object.entries(shape)) {
    const value = record[field];
    if (isConstant(node)) continue;
    if (isList(node)) {
      const items = Array.isArray(value) ? value : [];
      values[field] = items.map((item) =>
        node.list === "text" ? String(item ?? "") : valuesFromDocument(node.list, item),
      );
    } else if (typeof node === "object") values[field] = valuesFromDocument(node, value);
    else if (value === undefined || value === null) values[field] = "";
    else values[field] = node === "time" ? timeToField(String(value)) : String(value);
  }
  return values;
}

/** Every field name the values render (dotted paths), so a refusal can tell if it has a field. */
export function fieldNames(values: FormValues, prefix = ""): string[] {
  return Object.entries(values).flatMap(([field, value]) => namesOf(value, `${prefix}${field}`));
}

function namesOf(value: FormValue, name: string): string[] {
  if (typeof value === "string") return [name];
  if (Array.isArray(value))
    return value.flatMap((item, index) => namesOf(item, `${name}.${index}`));
  return fieldNames(value, `${name}.`);
}

/** The dotted path of every list the form has ("social", "openRound.notes"). */
export function listPaths(shape: Shape, prefix = ""): string[] {
  return Object.entries(shape).flatMap(([field, node]) => {
    if (isList(node)) return [`${prefix}${field}`];
    if (typeof node === "object" && !isConstant(node)) return listPaths(node, `${prefix}${field}.`);
    return [];
  });
}

/** An empty item for a list: "" or an object of empty fields. */
export function emptyItem(shape: Shape, listPath: string): FormValue {
  let node: Shape | Leaf | Constant | List | undefined = shape;
  for (const part of listPath.split(".")) {
    node =
      node && typeof node === "object" && !isList(node) && !isConstant(node)
        ? node[part]
        : undefined;
  }
  if (!isList(node) || node.list === "text") return "";
  return valuesFromDocument(node.list, {});
}

/**
 * The field a refusal's path belongs to. Blank list items are left out of the saved document, so the
 * document's third event may be the form's fourth row: each list index is counted again over the
 * rows that were not blank. Null when the path names no field (a whole list, a hidden id).
 */
export function fieldForIssue(shape: Shape, values: FormValues, path: string): string | null {
  const names: string[] = [];
  let node: Shape[string] | Shape = shape;
  let value: FormValue | undefined = values;
  const parts = path.split(".");
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] ?? "";
    if (isList(node)) {
      const items: FormValue[] = Array.isArray(value) ? value : [];
      const kept = items.flatMap((item, index) => (isBlank(item) ? [] : [index]));
      const index = kept[Number(part)];
      if (!/^\d+$/.test(part) || index === undefined) return null;
      names.push(String(index));
      value = items[index];
      node = node.list === "text" ? "text" : node.list;
    } else if (typeof node === "object" && !isConstant(node) && Object.hasOwn(node, part)) {
      names.push(part);
      node = node[part] as Shape[string];
      value = typeof value === "object" && !Array.isArray(value) ? value[part] : undefined;
    } else return null;
  }
  return typeof value === "string" && node !== "id" ? names.join(".") : null;
}
