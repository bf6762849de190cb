import {
  applyRowIntent,
  detailLimits,
  focusAfterRowChange,
  readRowIntent,
  rowControlIds,
} from "./submission-details";

/**
 * The co-author rows of the submit form, which is a document (it does not hydrate): the page script
 * changes them in place, as React does on the status page's edit form (details-fields.tsx), with the
 * same rules (submission-details.ts). Without this script each row button posts and the server sends the
 * form back with the rows changed. Rows are moved, not rebuilt, so what was typed moves with them; a
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

// A row's index in its field names (coauthor.2.name), control ids (coauthor-2-up) and button values
// (up-coauthor:2); the shown number is marked with data-row-number.
const indexPatterns: Array<[RegExp, (index: number) => string]> = [
  [/coauthor\.\d+\./g, (index) => `coauthor.${index}.`],
  [/coauthor-\d+-/g, (index) => `coauthor-${index}-`],
  [/-coauthor:\d+$/g, (index) => `-coauthor:${index}`],
];
const numberedAttributes = ["id", "for", "name", "aria-describedby"];

function renumberRow(row: HTMLElement, index: number, count: number): void {
  const renumber = (text: string) =>
    indexPatterns.reduce((result, [pattern, value]) => result.replace(pattern, value(index)), text);
  for (const element of [row, ...Array.from(row.querySelectorAll("*"))]) {
    for (const attribute of numberedAttributes) {
      const value = element.getAttribute(attribute);
      if (value !== null) element.setAttribute(attribute, renumber(value));
    }
    // A text field's value attribute is what was typed at first: only the buttons' values are numbered.
    if (element instanceof HTMLButtonElement) {
      element.value = renumber(element.value);
      const kind = readRowIntent(element.value)?.kind;
      if (kind === "up") element.hidden = index === 0;
      if (kind === "down") element.hidden = index === count - 1;
    }
  }
  for (const number of Array.from(row.querySelectorAll("[data-row-number]"))) {
    number.textContent = String(index + 1);
  }
}
