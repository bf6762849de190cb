import {
  applyRowIntent,
  type CoauthorDraft,
  detailFields,
  detailLimits,
  emptyCoauthor,
  focusAfterRowChange,
  readRowIntent,
  rowControlIds,
  rowIntentValue,
} from "./submission-details";

/**
 * The co-author rows of the submit form and of the status page's edit form, both documents (they do not
 * hydrate): their page's script changes the rows that `DetailsFields` drew, in place, with the rules of
 * submission-details.ts. Without this script each row button posts and the server sends the form back
 * with the rows changed. Rows are moved, not rebuilt, so what was typed moves with them; a
 * new row is a copy of the empty row's template.
 */
export function enhanceCoauthorRows(document: Document): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const button = event.target.closest("button[name='intent']");
    const fieldset = button?.closest("[data-coauthor-rows]");
    if (!(button instanceof HTMLButtonElement) || !fieldset) return;
    const intent = readRowIntent(button.value);
    const list = fieldset.querySelector<HTMLOListElement>("ol.author-rows");
    const template = fieldset.querySelector<HTMLTemplateElement>(
      "template[data-coauthor-template]",
    );
    if (!intent || !list || !template) return;
    event.preventDefault();
    const rows = applyRowIntent(
      Array.from(list.children) as HTMLElement[],
      intent,
      () => (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement,
    );
    list.replaceChildren(...rows);
    for (const [index, row] of rows.entries()) renumberRow(row, index, rows.length);
    list.hidden = rows.length === 0;
    const add = document.getElementById(rowControlIds.add);
    if (add instanceof HTMLButtonElement) add.disabled = rows.length >= detailLimits.coauthors;
    document.getElementById(focusAfterRowChange(intent, rows.length))?.focus();
  });
}

const coauthorParts = Object.keys(emptyCoauthor()) as Array<keyof CoauthorDraft>;
const numberedAttributes = ["id", "for", "name", "aria-describedby"];

/**
 * Gives a row that moved to `index` the names, ids and button values of that place, from the same
 * functions that named it (submission-details.ts), and shows its number (marked data-row-number).
 */
function renumberRow(row: HTMLElement, index: number, count: number): void {
  const buttons = Array.from(row.querySelectorAll<HTMLButtonElement>("button[name='intent']"));
  const intents = buttons.map((button) => readRowIntent(button.value));
  // Every row button names the row's place so far (remove-coauthor:2).
  const was = intents.find((intent) => intent !== null && intent.kind !== "add");
  if (!was) return;
  const from = was.index;
  // Field names (coauthor.2.name) also sit inside ids, labels' `for` and hints' ids.
  const renames: Array<[string, string]> = [
    ...coauthorParts.map((part): [string, string] => [
      detailFields.coauthor(from, part),
      detailFields.coauthor(index, part),
    ]),
    ...(["up", "down"] as const).map((kind): [string, string] => [
      rowControlIds.move(from, kind),
      rowControlIds.move(index, kind),
    ]),
  ];
  const renumber = (text: string) =>
    renames.reduce((result, [before, after]) => result.split(before).join(after), text);
  for (const element of Array.from(row.querySelectorAll("*"))) {
    for (const attribute of numberedAttributes) {
      const value = element.getAttribute(attribute);
      if (value !== null) element.setAttribute(attribute, renumber(value));
    }
  }
  buttons.forEach((button, position) => {
    const kind = intents[position]?.kind;
    if (!kind || kind === "add") return;
    button.value = rowIntentValue[kind](index);
    if (kind === "up") button.hidden = index === 0;
    if (kind === "down") button.hidden = index === count - 1;
  });
  for (const number of Array.from(row.querySelectorAll("[data-row-number]"))) {
    number.textContent = String(index + 1);
  }
}
