// What the content editors' own script (picture-uploads-script.ts) shares between the picture lists
// and the program PDF field.

/**
 * The texts of the version with the script, which the markup carries in `data-enhanced-text`, take the
 * place of those without it; what only works without it (`data-without-script`: the upload forms'
 * buttons) goes.
 */
export function showEnhancedTexts(root: ParentNode): void {
  for (const element of Array.from(root.querySelectorAll<HTMLElement>("[data-enhanced-text]"))) {
    element.textContent = element.dataset.enhancedText ?? element.textContent;
    delete element.dataset.enhancedText;
  }
  for (const element of Array.from(root.querySelectorAll("[data-without-script]"))) {
    element.remove();
  }
}

/** The first element a `<template>` of `root` holds, as a new element of the page. */
export function fromTemplate(root: ParentNode, selector: string): HTMLElement | null {
  const template = root.querySelector<HTMLTemplateElement>(`template${selector}`);
  const element = template?.content.firstElementChild;
  return template && element
    ? (template.ownerDocument.importNode(element, true) as HTMLElement)
    : null;
}

let turn: Promise<void> = Promise.resolve();

/**
 * Runs the upload after those sent before it have finished: the site lets an account have one upload
 * in flight, so the page's files go one at a time, whichever field they were picked in.
 */
export function inTurn(upload: () => Promise<void>): void {
  turn = turn.then(upload, upload);
}
