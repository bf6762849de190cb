import { showProgress } from "~/components/enhancements/progress-uploads";
import { pageCountText } from "./picture-list-rows";
import { sendPicture } from "./upload-request";
import { fromTemplate, inTurn, showEnhancedTexts } from "./upload-script-parts";

/**
 * The program PDF fields of the edition forms (`ProgramDocumentField`), from the content editors'
 * own script: a PDF is sent as soon as it is chosen, with a progress bar, and goes into the form's
 * hidden input, with a link to it and a reminder to save the draft. A refusal is said in the field's
 * error. Without the script the file field posts the PDF through its own upload form.
 */
export function enhanceProgramDocumentFields(document: Document): void {
  for (const field of Array.from(document.querySelectorAll("[data-program-document]"))) {
    showEnhancedTexts(field);
  }
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.hasAttribute("data-program-file")) return;
    const field = input.closest<HTMLElement>("[data-program-document]");
    const file = input.files?.[0];
    input.value = "";
    if (field && file) inTurn(() => upload(field, input, file));
  });
}

async function upload(field: HTMLElement, input: HTMLInputElement, file: File): Promise<boolean> {
  showFailure(field, input, null);
  const progress = fromTemplate(field, "[data-program-progress]");
  if (progress) input.after(progress);
  const answer = await sendPicture(file, "document", (state) => {
    if (progress) showProgress(progress, state);
  });
  progress?.remove();
  if ("error" in answer) {
    showFailure(field, input, answer.error);
    return false;
  }
  // A PDF now in the form answers whatever was said about the field before (a missing or refused PDF).
  field.querySelector(`[id="${input.id}-error"]`)?.remove();
  input.removeAttribute("aria-invalid");
  input.setAttribute("aria-describedby", `${input.id}-hint`);
  field.querySelector("input[type=hidden]")?.setAttribute("value", answer.id);
  const status = fromTemplate(field, "[data-program-uploaded]");
  const link = status?.querySelector("a");
  if (status && link) {
    link.href = answer.src;
    if (answer.pageCount) {
      link.firstChild?.after(` (${pageCountText(answer.pageCount)})`);
    }
    field.querySelector("[data-program-status]")?.replaceWith(status);
  }
  const label = field.querySelector<HTMLElement>("label[data-uploaded-text]");
  if (label) label.textContent = label.dataset.uploadedText ?? label.textContent;
  return true;
}

/**
 * The field's error says why the upload failed; `null` when a new upload starts, which brings back
 * what the server said, if it said anything.
 */
function showFailure(field: HTMLElement, input: HTMLInputElement, failure: string | null): void {
  const id = `${input.id}-error`;
  let error = field.querySelector<HTMLElement>(`[id="${id}"]`);
  // The server's own error, kept the first time an upload's failure replaces it.
  if (error && error.dataset.serverText === undefined) {
    error.dataset.serverText = error.textContent ?? "";
  }
  const message = failure ?? error?.dataset.serverText ?? "";
  if (!message) {
    error?.remove();
    input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", `${input.id}-hint`);
    return;
  }
  if (!error) {
    error = field.ownerDocument.createElement("p");
    error.id = id;
    error.className = "field__error";
    error.setAttribute("role", "alert");
    error.dataset.serverText = "";
    field.append(error);
  }
  error.textContent = message;
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", `${input.id}-hint ${id}`);
}
