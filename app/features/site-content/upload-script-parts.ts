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
/** Files picked and not yet stored or refused, on the whole page. */
let unfinished = 0;
/** A save waiting for them (`holdSavesWhileUploading`), told how the last of them went. */
let onAllFinished: ((allStored: boolean) => void) | null = null;
let allStored = true;

/**
 * Runs the upload after those sent before it have finished: the site lets an account have one upload
 * in flight, so the page's files go one at a time, whichever field they were picked in. The upload
 * answers whether its file was stored.
 */
export function inTurn(upload: () => Promise<boolean>): void {
  unfinished++;
  const settle = (stored: boolean) => {
    unfinished--;
    if (!stored) allStored = false;
    if (unfinished === 0 && onAllFinished) {
      const wereStored = allStored;
      const saveNow = onAllFinished;
      onAllFinished = null;
      allStored = true;
      saveNow(wereStored);
    }
  };
  const run = () =>
    upload().then(settle, () => {
      settle(false);
    });
  turn = turn.then(run, run);
}

/**
 * A button pressed while files are still going up (Save, Publish, Move, Remove: each of them saves the
 * form) waits for them: leaving the page would stop the uploads, and the form would be saved without
 * those files, unnoticed. The press goes on by itself once the last file is in. If one was refused, the
 * page stays, so that the editor reads why; pressing again saves without it.
 */
export function holdSavesWhileUploading(document: Document): void {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || event.defaultPrevented || unfinished === 0) return;
    event.preventDefault();
    const submitter = event.submitter;
    const place = submitter?.parentElement ?? form;
    for (const earlier of Array.from(document.querySelectorAll("[data-held-save]")))
      earlier.remove();
    const note = document.createElement("p");
    note.dataset.heldSave = "";
    note.className = "field__hint";
    note.setAttribute("role", "status");
    note.textContent = "Saving as soon as the files have finished uploading…";
    place.after(note);
    allStored = true;
    onAllFinished = (wereStored) => {
      if (!wereStored) {
        note.className = "field__error";
        note.textContent =
          "Not saved yet: a file was not added (the reason is shown above, beside the file). Press the button again to save without it.";
        return;
      }
      note.remove();
      form.requestSubmit(submitter instanceof HTMLElement ? submitter : null);
    };
  });
}
