import type { EditionSection } from "~/content/sculc/edition-types";
import type { EditionDocument } from "./edition-next";

/**
 * The edition forms post every field under its path in the document ("abstracts.talk.minutes",
 * "pages.0.sections.2.heading"), so a refusal's path names the field it belongs beside. What a form
 * shows is a tree of strings (the form state): the document as the fields hold it, empty fields and
 * new empty rows included. Buttons that add, remove or move a list item are `intent` values applied to
 * what was posted, so nothing typed is lost whichever button is pressed.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormTree = { [key: string]: FormValue };

/** Fields that are not part of the document, and the year, which the address fixes. */
const reservedFields = new Set([
  "year",
  "intent",
  "revision",
  "newSectionKind",
  "newPageSlug",
  "newPageNavLabel",
  "newPageTitle",
  "newPageDescription",
]);

const numberPaths = new Set([
  "abstracts.maxPages",
  "abstracts.maxSubmissionsPerUser",
  "abstracts.talk.minutes",
  "abstracts.talk.questionMinutes",
]);
/** Stored as "9:00 AM", edited in a time field as "09:00". */
const clockTimePaths = new Set(["startTime", "endTime"]);

const isTree = (value: FormValue | undefined): value is FormTree =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "9:00 AM" as a time field's "09:00"; anything else unchanged. */
export function toTimeField(value: string): string {
  const match = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(value);
  if (!match) return value;
  const [, hours = "0", minutes = "00", half] = match;
  const hour = (Number(hours) % 12) + (half === "PM" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${minutes}`;
}

/** A time field's "13:30" as the site writes it, "1:30 PM"; anything else unchanged. */
export function fromTimeField(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  if (hour > 23) return value;
  const half = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${half}`;
}

/** The document as its form's fields hold it. */
export function toFormState(document: EditionDocument): FormTree {
  const convert = (value: unknown, path: string): FormValue | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return clockTimePaths.has(path) ? toTimeField(value) : value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (Array.isArray(value)) {
      return value.map((item, index) => convert(item, `${path}.${index}`) ?? "");
    }
    const tree: FormTree = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const converted = convert(item, path ? `${path}.${key}` : key);
      if (converted !== undefined) tree[key] = converted;
    }
    return tree;
  };
  return convert(document, "") as FormTree;
}

/** The value at a dotted path of a form state, or undefined. */
export function valueAt(tree: FormValue | undefined, path: string): FormValue | undefined {
  let value: FormValue | undefined = tree;
  for (const segment of path.split(".")) {
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isTree(value)) value = Object.hasOwn(value, segment) ? value[segment] : undefined;
    else return undefined;
  }
  return value;
}

function setAt(tree: FormTree, segments: string[], value: string) {
  let node: FormValue = tree;
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? "");
    const container = node as Record<string, FormValue>;
    if (isLast) {
      container[segment] = value;
      return;
    }
    const existing = Object.hasOwn(container, segment) ? container[segment] : undefined;
    if (existing === undefined || typeof existing === "string") {
      container[segment] = nextIsIndex ? [] : {};
    }
    node = container[segment] as FormValue;
  });
}

/** Drops the holes a posted list leaves when an index is missing, keeping the posted order. */
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (isTree(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compact(item)]));
  }
  return value;
}

const forbidden = new Set(["__proto__", "constructor", "prototype"]);

/** The posted fields as a tree, by their dotted names; a field name that is not a path is ignored. */
export function readPostedTree(entries: Iterable<[string, FormDataEntryValue]>): FormTree {
  const tree: FormTree = {};
  for (const [name, value] of entries) {
    if (reservedFields.has(name) || typeof value !== "string") continue;
    const segments = name.split(".");
    // A path never starts with an index, and no segment is empty or reaches a prototype
    // ("constructor.prototype.x" would otherwise write to every object of the process).
    if (segments.some((segment) => !/^[A-Za-z0-9]+$/.test(segment) || forbidden.has(segment))) {
      continue;
    }
    if (/^\d+$/.test(segments[0] ?? "")) continue;
    setAt(tree, segments, value);
  }
  // Lists keep their holes here: merged with the saved draft, index 3 must stay index 3.
  return tree;
}

/**
 * The posted fields laid over the saved draft. A posted list replaces the saved one (the form posts
 * every item it shows), except the lists in `mergeByIndex` ("pages", "pages.*.sections"), of which a
 * form shows only some items or fields: those merge item by item.
 */
export function mergeTrees(
  saved: FormValue | undefined,
  posted: FormValue,
  mergeByIndex: RegExp[],
  path = "",
): FormValue {
  if (Array.isArray(posted)) {
    if (!Array.isArray(saved) || !mergeByIndex.some((pattern) => pattern.test(path))) {
      return compact(posted);
    }
    const length = Math.max(saved.length, posted.length);
    return Array.from({ length }, (_, index) =>
      posted[index] === undefined
        ? (saved[index] as FormValue)
        : mergeTrees(saved[index], posted[index] as FormValue, mergeByIndex, `${path}.${index}`),
    );
  }
  if (isTree(posted)) {
    const base: FormTree = isTree(saved) ? { ...saved } : {};
    for (const [key, value] of Object.entries(posted)) {
      const savedValue = Object.hasOwn(base, key) ? base[key] : undefined;
      base[key] = mergeTrees(savedValue, value, mergeByIndex, path ? `${path}.${key}` : key);
    }
    return base;
  }
  return compact(posted);
}

/** The main page's address is the empty one, and a presenter may have no institution. */
const keepsEmpty = /^pages\.\d+\.slug$|\.presenters\.\d+\.institution$/;

/** The document a form state stands for: empty fields left out, numbers and times as stored. */
export function toDocument(tree: FormTree): unknown {
  const convert = (value: FormValue | undefined, path: string): unknown => {
    if (value === undefined) return undefined;
    if (typeof value === "string") {
      const trimmed = value.trim();
      if (trimmed === "") return keepsEmpty.test(path) ? "" : undefined;
      if (numberPaths.has(path) && /^-?\d+$/.test(trimmed)) return Number(trimmed);
      if (clockTimePaths.has(path)) return fromTimeField(trimmed);
      return value;
    }
    if (Array.isArray(value)) {
      return Array.from(value, (item, index) => convert(item, `${path}.${index}`)).filter(
        (item) => item !== undefined,
      );
    }
    const entries = Object.entries(value)
      .map(([key, item]) => [key, convert(item, path ? `${path}.${key}` : key)] as const)
      .filter(([, item]) => item !== undefined);
    if (!entries.length) return undefined;
    const object = Object.fromEntries(entries);
    // A section whose only content is its kind and anchor still shows as that section, with its
    // required lists empty (and refused), rather than vanishing.
    if (typeof object.kind === "string") return withRequiredLists(object);
    return object;
  };
  const document = (convert(tree, "") ?? {}) as Record<string, unknown>;
  if (typeof document.year === "string") document.year = Number(document.year);
  return document;
}

const requiredLists: Partial<Record<EditionSection["kind"], string[]>> = {
  text: ["paragraphs"],
  recap: ["paragraphs"],
  guidelines: ["items"],
  presentations: ["items"],
  links: ["links"],
};

function withRequiredLists(section: Record<string, unknown>) {
  const lists = requiredLists[section.kind as EditionSection["kind"]] ?? [];
  const filled = { ...section };
  for (const list of lists) filled[list] ??= [];
  return filled;
}

export type ListIntent =
  | { action: "add"; list: string; item: FormValue }
  | { action: "remove" | "up" | "down"; list: string; index: number };

/**
 * A button's `intent`: "add-text:abstracts.guidelines" (a new empty line), "add-item:<list>" (a new
 * empty row of several fields), "remove:<list>.<index>", "up:<list>.<index>", "down:<list>.<index>".
 */
export function readListIntent(intent: string): ListIntent | null {
  const match = /^(add-text|add-item|remove|up|down):([A-Za-z0-9.]+)$/.exec(intent);
  if (!match) return null;
  const [, action = "", path = ""] = match;
  if (action === "add-text") return { action: "add", list: path, item: "" };
  if (action === "add-item") return { action: "add", list: path, item: {} };
  const indexMatch = /^(.+)\.(\d+)$/.exec(path);
  if (!indexMatch) return null;
  return {
    action: action as "remove" | "up" | "down",
    list: indexMatch[1] ?? "",
    index: Number(indexMatch[2]),
  };
}

/** The form state with one list changed as the intent says; unchanged if the list is not there. */
export function applyListIntent(tree: FormTree, intent: ListIntent): FormTree {
  const copy = structuredClone(tree);
  const segments = intent.list.split(".");
  const parent = valueAt(copy, segments.slice(0, -1).join(".")) ?? copy;
  const key = segments.at(-1) ?? "";
  const container = (segments.length > 1 ? parent : copy) as Record<string, FormValue>;
  if (!isTree(container) && !Array.isArray(container)) return tree;
  const list = container[key];
  if (intent.action === "add") {
    container[key] = [...(Array.isArray(list) ? list : []), intent.item];
    return copy;
  }
  if (!Array.isArray(list) || intent.index >= list.length) return tree;
  const items = [...list];
  if (intent.action === "remove") items.splice(intent.index, 1);
  else {
    const target = intent.action === "up" ? intent.index - 1 : intent.index + 1;
    if (target < 0 || target >= items.length) return tree;
    [items[intent.index], items[target]] = [
      items[target] as FormValue,
      items[intent.index] as FormValue,
    ];
  }
  container[key] = items;
  return copy;
}
