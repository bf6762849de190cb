import {
  errorMessageIn,
  progressWords,
  redirectedElsewhere,
  sendWithProgress,
  type UploadProgressState,
} from "../upload-progress-state";
import { markPending } from "./pending-forms";

/** What one kind of upload form says and does differently (the abstract form, a final material). */
export type ProgressUploadOptions = {
  /** The attribute that marks the forms this handles: `data-abstract-upload`. */
  formAttribute: string;
  /** Said when the connection dropped or the browser's Stop was pressed. */
  interruptedMessage: string;
  /** Whether the message concerns the file, which shows the box's `[data-file-link]`. */
  isAboutTheFile?: (message: string | null) => boolean;
  /** A press of this button posts as the browser's own (the co-author rows' buttons). */
  postsAsDocument?: (submitter: HTMLElement) => boolean;
  /** Back on this very page after a success: the part of it to show (`#final-materials-heading`). */
  fragmentWhenBack?: string;
};

/**
 * Upload forms on a page that does not hydrate, from a page script. The form is sent with
 * XMLHttpRequest, the one browser API that reports upload progress, and the page follows the server's
 * answer: the page a redirect went to, else the answer's message, shown in the form's
 * `[data-upload-message]` box, which takes focus (on a long form it sits far from the button that
 * was pressed). While it runs the pressed button says its pending label and a second press is
 * ignored. Without the script the browser posts the form and shows the page the server answers.
 *
 * The form holds an `UploadProgress` (the bar's place, and its spoken status).
 */
export function enhanceProgressUploads(window: Window, options: ProgressUploadOptions): void {
  const { document } = window;
  const running = new Map<HTMLFormElement, () => void>();
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(options.formAttribute)) return;
    const submitter = event.submitter;
    if (event.defaultPrevented || (submitter && options.postsAsDocument?.(submitter))) return;
    event.preventDefault();
    if (running.has(form)) return;
    running.set(
      form,
      upload(window, form, submitter, options, () => running.delete(form)),
    );
  });
  // Back to a page the browser kept: the form as it was before the press.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const finish of running.values()) finish();
  });
}

function upload(
  window: Window,
  form: HTMLFormElement,
  submitter: HTMLElement | null,
  options: ProgressUploadOptions,
  done: () => void,
): () => void {
  const restore = markPending(form, submitter);
  const bar = progressBar(form);
  bar.show({ percent: 0, announced: 0 });
  showMessage(form, null, options);
  const finish = () => {
    done();
    bar.show(null);
    restore();
  };
  const action = form.getAttribute("action") ?? window.location.href;
  sendWithProgress(action, new FormData(form), {
    onProgress: bar.show,
    onLoad: (xhr) => {
      // The page after a success, or the login page when the session ended meanwhile (it says why,
      // and comes back): the browser goes there too, busy until it arrives so the form is not sent
      // twice. An answer of the form's own address is a refusal to show.
      const elsewhere = redirectedElsewhere(xhr, action);
      if (elsewhere) {
        const isBack = elsewhere.pathname === window.location.pathname;
        const fragment = isBack && options.fragmentWhenBack ? options.fragmentWhenBack : "";
        window.location.assign(`${elsewhere.pathname}${elsewhere.search}${fragment}`);
        // Only the fragment differs: the browser scrolls and loads nothing, so load the page anew.
        if (fragment && `${elsewhere.pathname}${elsewhere.search}` === currentPage(window))
          window.location.reload();
        return;
      }
      finish();
      refuse(form, errorMessageIn(xhr.responseText) ?? options.interruptedMessage, options);
    },
    // A dropped connection, or the browser's Stop while the file goes up: the form is ready again and
    // says so. (Leaving the page aborts it too; the page is gone then.)
    onFailure: () => {
      finish();
      refuse(form, options.interruptedMessage, options);
    },
  });
  return finish;
}

function currentPage(window: Window): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** As after a post without JavaScript: the message, focused; the refused file cleared, the rest kept. */
function refuse(form: HTMLFormElement, message: string, options: ProgressUploadOptions): void {
  const file = form.querySelector<HTMLInputElement>("input[type=file]");
  if (file) file.value = "";
  showMessage(form, message, options);
  form.querySelector<HTMLElement>("[data-upload-message]")?.focus();
}

/** The form's message box: the message (a new element, so it is announced again) and the file link. */
function showMessage(
  form: HTMLFormElement,
  message: string | null,
  options: ProgressUploadOptions,
): void {
  const file = form.querySelector<HTMLInputElement>("input[type=file]");
  if (message) file?.setAttribute("aria-invalid", "true");
  else file?.removeAttribute("aria-invalid");
  const box = form.querySelector("[data-upload-message]");
  if (!box) return;
  box.querySelector(".message")?.remove();
  const fileLink = box.querySelector<HTMLElement>("[data-file-link]");
  if (fileLink) fileLink.hidden = !(options.isAboutTheFile?.(message) ?? false);
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
  const document = form.ownerDocument;
  return {
    show(progress: UploadProgressState) {
      if (!container) return;
      const bar = container.querySelector("progress");
      if (!progress) {
        bar?.remove();
        container.querySelector(".upload-progress__text")?.remove();
      } else if (!bar) {
        const drawn = document.createElement("progress");
        drawn.className = "upload-progress__bar";
        drawn.max = 100;
        drawn.setAttribute("aria-label", "Upload progress");
        const text = document.createElement("span");
        text.className = "upload-progress__text";
        text.setAttribute("aria-hidden", "true");
        container.prepend(drawn, text);
      }
      showProgress(container, progress);
    },
  };
}

/**
 * Brings an `UploadProgress` (upload-progress.tsx) on the page to `progress`: its bar and words, if it
 * has them, and its spoken status.
 */
export function showProgress(container: Element, progress: UploadProgressState): void {
  const words = progressWords(progress, container.getAttribute("data-checking-text") ?? "");
  const bar = container.querySelector("progress");
  if (bar && progress) bar.value = progress.percent;
  const text = container.querySelector(".upload-progress__text");
  if (text) text.textContent = words.shown;
  const status = container.querySelector("[role='status']");
  if (status && status.textContent !== words.spoken) status.textContent = words.spoken;
}
