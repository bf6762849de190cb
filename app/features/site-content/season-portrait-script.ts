// The season form's own script, loaded after the page script every page loads (app/root.tsx, from the
// route's handle). The form is a document that does not hydrate: this script sends a board member's
// portrait as soon as it is chosen, with a progress bar, and puts it in the form without leaving the
// page (season-portrait-field.tsx draws both versions); a save pressed meanwhile waits for it. Built
// by Vite as a classic script of its own.

import { showProgress } from "~/components/enhancements/progress-uploads";
import { sendPicture } from "./upload-request";
import { fromTemplate, holdSavesWhileUploading, inTurn } from "./upload-script-parts";

enhanceSeasonPortraits(document);
holdSavesWhileUploading(document);

function enhanceSeasonPortraits(document: Document): void {
  for (const field of Array.from(document.querySelectorAll<HTMLElement>("[data-portrait-field]"))) {
    const upload = fromTemplate(field, "[data-portrait-upload]");
    const withoutScript = field.querySelector("[data-portrait-without-script]");
    if (!upload || !withoutScript) continue;
    withoutScript.replaceWith(upload);
  }
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.matches("[data-portrait-file]")) return;
    const field = input.closest<HTMLElement>("[data-portrait-field]");
    const file = input.files?.[0];
    input.value = "";
    if (field && file) {
      input.disabled = true;
      inTurn(() => send(field, input, file));
    }
  });
  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    const field = button?.closest<HTMLElement>("[data-portrait-field]");
    if (button?.matches("[data-portrait-remove]") && field) removePortrait(field);
  });
}

async function send(field: HTMLElement, input: HTMLInputElement, file: File): Promise<boolean> {
  field.querySelector("[data-portrait-failure]")?.remove();
  const progress = fromTemplate(field, "[data-portrait-progress]");
  if (progress) input.after(progress);
  const answer = await sendPicture(file, "portrait", (state) => {
    if (progress) showProgress(progress, state);
  });
  progress?.remove();
  input.disabled = false;
  if ("error" in answer) {
    const failure = field.ownerDocument.createElement("p");
    failure.className = "field__error";
    failure.setAttribute("role", "alert");
    failure.dataset.portraitFailure = "";
    failure.textContent = answer.error;
    input.after(failure);
    return false;
  }
  const media = field.querySelector<HTMLInputElement>("input[data-portrait-media]");
  if (media) media.value = answer.id;
  let inForm = field.querySelector<HTMLElement>("div[data-portrait-in-form]");
  if (!inForm) {
    inForm = fromTemplate(field, "[data-portrait-in-form]");
    if (!inForm) return true;
    media?.after(inForm);
  }
  const image = field.ownerDocument.createElement("img");
  Object.assign(image, { src: answer.src, srcset: answer.srcSet, sizes: "6rem", alt: "" });
  image.width = answer.width;
  image.height = answer.height;
  inForm.querySelector("[data-portrait-preview]")?.replaceChildren(image);
  // The editor improves the prefilled words: who it is is known, how they look is not.
  const nameField = input.form?.elements.namedItem(field.dataset.nameField ?? "");
  const name = nameField instanceof HTMLInputElement ? nameField.value.trim() : "";
  const alt = inForm.querySelector<HTMLInputElement>("input[type=text]");
  if (alt) {
    alt.value = name ? `Portrait of ${name}` : "Portrait of ";
    alt.focus();
  }
  showPortraitButtons(field, true);
  return true;
}

/** The portrait leaves the form (not the site: nothing is saved until the form is). */
function removePortrait(field: HTMLElement): void {
  const media = field.querySelector<HTMLInputElement>("input[data-portrait-media]");
  if (media) media.value = "";
  field.querySelector("div[data-portrait-in-form]")?.remove();
  showPortraitButtons(field, false);
  field.querySelector<HTMLInputElement>("input[data-portrait-file]")?.focus();
}

function showPortraitButtons(field: HTMLElement, hasPortrait: boolean): void {
  const label = field.querySelector("[data-portrait-file-label]");
  if (label) label.textContent = hasPortrait ? "Replace the portrait" : "Add a portrait";
  const remove = field.querySelector<HTMLElement>("[data-portrait-remove]");
  if (remove) remove.hidden = !hasPortrait;
}
