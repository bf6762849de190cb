import { showProgress } from "~/components/enhancements/progress-uploads";
import type { ImagePurpose } from "~/lib/media/media-limits";
import { admittedPicks, fillRowPlaceholders, rowMoves } from "./picture-list-rows";
import { type Answer, sendPicture } from "./upload-request";
import { fromTemplate, inTurn, showEnhancedTexts } from "./upload-script-parts";

/**
 * The picture lists of the content forms (`PictureListEditor`), from the content editors' own script.
 * The file field takes many pictures at once; they are sent one by one to the JSON endpoint, each
 * with its progress bar in the list's "Uploads", and every stored picture becomes a new row drawn from
 * the list's row template, its alt text focused (unless the editor is typing in another field). A
 * refused file says why in place and the rest go on; picks beyond the list's room are refused at once,
 * and a full list's file field gives way to the hint that says so. Without the script the file field
 * posts one picture through its own upload form.
 */
export function enhancePictureLists(document: Document): void {
  for (const list of Array.from(document.querySelectorAll("[data-picture-list]"))) {
    const field = list.querySelector("[data-picture-file]");
    if (!field) continue;
    showEnhancedTexts(field);
    const input = field.querySelector<HTMLInputElement>("input[type=file]");
    if (input) input.multiple = true;
  }
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.closest("[data-picture-file]")) return;
    const list = input.closest<HTMLElement>("[data-picture-list]");
    const files = Array.from(input.files ?? []);
    input.value = "";
    if (list && files.length) addFiles(list, files);
  });
}

/** Per list, the pictures picked and not yet stored or refused: their places are taken. */
const pending = new WeakMap<HTMLElement, number>();

function addFiles(list: HTMLElement, files: File[]): void {
  const rows = list.querySelector("[data-picture-rows]");
  const uploads = uploadsOf(list);
  if (!rows || !uploads) return;
  const admitted = admittedPicks(
    files.length,
    rows.children.length + (pending.get(list) ?? 0),
    Number(list.dataset.max),
  );
  // A new batch clears the refusals of the last one; uploads still running stay.
  for (const refused of Array.from(uploads.querySelectorAll("[data-refused]"))) refused.remove();
  files.forEach((file, position) => {
    const upload = fromTemplate(list, "[data-picture-upload]");
    if (!upload) return;
    const name = upload.querySelector(".picture-list__upload-name");
    if (name) name.textContent = file.name;
    uploads.append(upload);
    if (!admitted[position]) {
      refuse(upload, list.dataset.tooMany ?? "");
      return;
    }
    pending.set(list, (pending.get(list) ?? 0) + 1);
    inTurn(() => send(list, upload, file));
  });
}

async function send(list: HTMLElement, upload: HTMLElement, file: File): Promise<boolean> {
  const progress = upload.querySelector(".upload-progress");
  const answer = await sendPicture(file, list.dataset.pictureList as ImagePurpose, (state) => {
    if (progress) showProgress(progress, state);
  });
  pending.set(list, (pending.get(list) ?? 1) - 1);
  if ("error" in answer) {
    refuse(upload, answer.error);
    return false;
  }
  const uploads = upload.parentElement;
  upload.remove();
  if (uploads && uploads.children.length === 0) uploads.remove();
  addRow(list, answer);
  return true;
}

/** The upload's bar gives way to why its file was not added. */
function refuse(upload: HTMLElement, message: string): void {
  const error = upload.ownerDocument.createElement("span");
  error.className = "field__error";
  error.setAttribute("role", "alert");
  error.textContent = message;
  upload.querySelector(".upload-progress")?.replaceWith(error);
  upload.dataset.refused = "";
}

/** The list's "Uploads", added before its file field the first time files are sent. */
function uploadsOf(list: HTMLElement): HTMLElement | null {
  const existing = list.querySelector<HTMLElement>(".picture-list__uploads");
  if (existing) return existing;
  const uploads = list.ownerDocument.createElement("ul");
  uploads.className = "picture-list__uploads";
  uploads.setAttribute("aria-label", "Uploads");
  list.querySelector("[data-picture-file]")?.before(uploads);
  return uploads;
}

function addRow(list: HTMLElement, picture: Extract<Answer, { id: string }>): void {
  const rows = list.querySelector("[data-picture-rows]");
  if (!rows) return;
  const index = rows.children.length;
  const row = rowAt(list, index);
  if (!row) return;
  row.querySelector("input[type=hidden]")?.setAttribute("value", picture.id);
  const preview = row.querySelector("img[data-picture-preview]");
  if (preview) {
    preview.removeAttribute("data-picture-preview");
    preview.setAttribute("width", String(picture.width));
    preview.setAttribute("height", String(picture.height));
    preview.setAttribute("srcset", picture.srcSet);
    preview.setAttribute("src", picture.src);
  }
  // The template has every button; the new row is the last one.
  const moves = rowMoves(index, index + 1);
  if (!moves.up) row.querySelector("[data-row-button=up]")?.remove();
  if (!moves.down) row.querySelector("[data-row-button=down]")?.remove();
  // The row that was last can now move down.
  const previous = rows.lastElementChild;
  if (previous && !previous.querySelector("[data-row-button=down]")) {
    const down = rowAt(list, index - 1)?.querySelector("[data-row-button=down]");
    if (down) previous.querySelector("[data-row-button=remove]")?.before(down);
  }
  rows.append(row);

  const alt = row.querySelector<HTMLInputElement>("input[type=text]");
  const active = list.ownerDocument.activeElement;
  const typing =
    active instanceof HTMLInputElement && active.type === "text" && active.value !== "";
  if (!typing) alt?.focus();

  if (rows.children.length >= Number(list.dataset.max)) {
    const full = fromTemplate(list, "[data-picture-list-full]");
    if (full) list.querySelector("[data-picture-file]")?.replaceWith(full);
  }
}

/** The list's row template, for the row at `index`: its names, ids, labels and button values. */
function rowAt(list: HTMLElement, index: number): HTMLElement | null {
  const row = fromTemplate(list, "[data-picture-row]");
  if (!row) return null;
  for (const element of [row, ...Array.from(row.querySelectorAll("*"))]) {
    for (const attribute of Array.from(element.attributes)) {
      const filled = fillRowPlaceholders(attribute.value, index);
      if (filled !== attribute.value) attribute.value = filled;
    }
  }
  const texts = row.ownerDocument.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    text.nodeValue = fillRowPlaceholders(text.nodeValue ?? "", index);
  }
  return row;
}
