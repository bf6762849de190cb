import { markPending } from "~/components/enhancements/pending-forms";
import {
  errorMessageIn,
  progressWords,
  redirectedElsewhere,
  sendWithProgress,
  type UploadProgressState,
} from "~/components/upload-progress-state";
import { isAboutTheFile, uploadMessages } from "./submission-messages";

/**
 * The submit form's upload, from the page script (the form is a document and does not hydrate). It is
 * sent with XMLHttpRequest, the one browser API that reports upload progress, and the page follows the
 * server's answer: the page a redirect went to, else the answer's message, which takes focus (it
 * sits at the top of a long form, far above the button that was pressed). While it runs the pressed
 * button says "Uploading..." and a second press is ignored. Without this script the browser posts the
 * form and shows the page the server answers.
 */
export function enhanceAbstractUpload(window: Window): void {
  const { document } = window;
  const running = new Map<HTMLFormElement, () => void>();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-abstract-upload")) return;
    // A co-author row button the rows' script did not handle posts as the browser's own.
    if (event.defaultPrevented || event.submitter?.getAttribute("name") === "intent") return;
    event.preventDefault();
    if (running.has(form)) return;
    running.set(
      form,
      upload(window, form, event.submitter, () => running.delete(form)),
    );
  });
  // "Choose a PDF file" under a refusal: to the file field itself, not only scrolled to it.
  document.addEventListener("click", (event) => {
    const link =
      event.target instanceof Element ? event.target.closest("a[data-focus-field]") : null;
    const field = link && document.getElementById(link.getAttribute("data-focus-field") ?? "");
    if (!field) return;
    event.preventDefault();
    field.focus();
  });
  // Back from the status page to a page the browser kept: the form as it was before the press.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const finish of running.values()) finish();
  });
}

function upload(
  window: Window,
  form: HTMLFormElement,
  submitter: HTMLElement | null,
  done: () => void,
): () => void {
  const restore = markPending(form, submitter);
  const bar = progressBar(form);
  bar.show({ percent: 0, announced: 0 });
  showMessage(form, null);
  const finish = () => {
    done();
    bar.show(null);
    restore();
  };
  const action = form.getAttribute("action") ?? window.location.href;
  sendWithProgress(action, new FormData(form), {
    onProgress: bar.show,
    onLoad: (xhr) => {
      // The status page after an upload, or the login page when the session ended meanwhile (it says
      // why, and comes back here): the browser goes there too, busy until it arrives so the form is
      // not sent twice. An answer of this page is a refusal to show.
      const elsewhere = redirectedElsewhere(xhr, action);
      if (elsewhere) {
        window.location.assign(`${elsewhere.pathname}${elsewhere.search}`);
        return;
      }
      finish();
      refuse(form, errorMessageIn(xhr.responseText) ?? uploadMessages.interrupted);
    },
    // A dropped connection, or the browser's Stop while the file goes up: the form is ready again and
    // says so. (Leaving the page aborts it too; the page is gone then.)
    onFailure: () => {
      finish();
      refuse(form, uploadMessages.interrupted);
    },
  });
  return finish;
}

/** As after a post without JavaScript: the message, focused; the refused file cleared, the details kept. */
function refuse(form: HTMLFormElement, message: string): void {
  const file = form.querySelector<HTMLInputElement>("input[type=file]");
  if (file) file.value = "";
  showMessage(form, message);
  form.querySelector<HTMLElement>("[data-upload-message]")?.focus();
}

/** The form's message box: the message (a new element, so it is announced again) and the file link. */
function showMessage(form: HTMLFormElement, message: string | null): void {
  const box = form.querySelector("[data-upload-message]");
  if (!box) return;
  box.querySelector(".message")?.remove();
  const fileLink = box.querySelector<HTMLElement>("[data-file-link]");
  if (fileLink) fileLink.hidden = !isAboutTheFile(message);
  if (!message) return;
  const shown = form.ownerDocument.createElement("p");
  shown.className = "message message--error";
  shown.setAttribute("role", "alert");
  shown.textContent = message;
  box.prepend(shown);
}

/** The bar and its spoken status in the form's `.upload-progress`, as UploadProgress renders them. */
function progressBar(form: HTMLFormElement) {
  const container = form.querySelector<HTMLElement>(".upload-progress");
  const status = container?.querySelector("[role='status']");
  const checkingText = container?.dataset.checkingText ?? "";
  const document = form.ownerDocument;
  let bar: HTMLProgressElement | null = null;
  let text: HTMLElement | null = null;
  return {
    show(progress: UploadProgressState) {
      if (!container || !status) return;
      const words = progressWords(progress, checkingText);
      if (!progress) {
        bar?.remove();
        text?.remove();
        bar = text = null;
      } else {
        if (!bar || !text) {
          bar = document.createElement("progress");
          bar.className = "upload-progress__bar";
          bar.max = 100;
          bar.setAttribute("aria-label", "Upload progress");
          text = document.createElement("span");
          text.className = "upload-progress__text";
          text.setAttribute("aria-hidden", "true");
          container.prepend(bar, text);
        }
        bar.value = progress.percent;
        text.textContent = words.shown;
      }
      if (status.textContent !== words.spoken) status.textContent = words.spoken;
    },
  };
}
