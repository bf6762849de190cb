import { enhanceProgressUploads } from "~/components/enhancements/progress-uploads";
import { isAboutTheFile, uploadMessages } from "./submission-messages";

/**
 * The submit form's upload, with a progress bar (the form is a document and does not hydrate). A
 * refusal that concerns the file shows a "Choose a PDF file" link, which takes the visitor to the
 * file field itself, not only scrolls to it.
 */
export function enhanceAbstractUpload(window: Window): void {
  enhanceProgressUploads(window, {
    formAttribute: "data-abstract-upload",
    interruptedMessage: uploadMessages.interrupted,
    isAboutTheFile,
    // A co-author row button the rows' script did not handle posts as the browser's own.
    postsAsDocument: (submitter) => submitter.getAttribute("name") === "intent",
  });
  const { document } = window;
  document.addEventListener("click", (event) => {
    const link =
      event.target instanceof Element ? event.target.closest("a[data-focus-field]") : null;
    const field = link && document.getElementById(link.getAttribute("data-focus-field") ?? "");
    if (!field) return;
    event.preventDefault();
    field.focus();
  });
}
