import {
  emptyItem,
  type FormValue,
  type FormValues,
  listPaths,
  type Shape,
} from "./page-forms-fields";

/**
 * What the pressed button asks for. Every button posts the whole form, so a list change applies to
 * what was typed (nothing is lost) and is then saved as the draft with it. List buttons name their
 * list and item: "add:social", "remove:events.2", "up:openRound.notes.1", "down:events.0".
 */
export type PageFormIntent =
  | { type: "save" }
  | { type: "publish" }
  | { type: "add"; list: string }
  | { type: "remove" | "up" | "down"; list: string; index: number };

export function readPageFormIntent(shape: Shape, value: unknown): PageFormIntent | null {
  if (value === "save" || value === null || value === undefined) return { type: "save" };
  if (value === "publish") return { type: "publish" };
  if (typeof value !== "string") return null;
  const match = /^(add|remove|up|down):([A-Za-z.]+?)(?:\.(\d{1,3}))?$/.exec(value);
  if (!match) return null;
  const [, type, list = "", index] = match;
  if (!listPaths(shape).includes(list)) return null;
  if (type === "add") return index === undefined ? { type, list } : null;
  if (index === undefined) return null;
  return { type: type as "remove" | "up" | "down", list, index: Number(index) };
}

/** The buttons' values; an index may be a row template's place-holder (picture-list-rows.ts). */
export const intentValue = {
  add: (list: string) => `add:${list}`,
  remove: (list: string, index: number | string) => `remove:${list}.${index}`,
  up: (list: string, index: number | string) => `up:${list}.${index}`,
  down: (list: string, index: number | string) => `down:${list}.${index}`,
};

/** The values with the intent's list change made; the values themselves are not changed. */
export function applyListIntent(
  shape: Shape,
  values: FormValues,
  intent: PageFormIntent,
): FormValues {
  if (intent.type === "save" || intent.type === "publish") return values;
  const copy = structuredClone(values);
  const parts = intent.list.split(".");
  const field = parts.pop() ?? "";
  let parent: FormValues = copy;
  for (const part of parts) {
    const next = parent[part];
    if (typeof next !== "object" || Array.isArray(next)) return copy;
    parent = next;
  }
  const list: FormValue[] = Array.isArray(parent[field]) ? [...(parent[field] as FormValue[])] : [];
  if (intent.type === "add") list.push(emptyItem(shape, intent.list));
  else if (intent.index < list.length) {
    const [item] = list.splice(intent.index, 1);
    if (intent.type !== "remove" && item !== undefined) {
      const to = intent.type === "up" ? intent.index - 1 : intent.index + 1;
      list.splice(Math.min(Math.max(to, 0), list.length), 0, item);
    }
  }
  parent[field] = list;
  return copy;
}
