/**
 * Confirmation dialogs for a document page's forms (loaded by a page's own script, not by every page).
 * A form marked `data-confirm-dialog="<id>"` asks before it posts: its submit opens that `<dialog>` as a
 * modal (focus moves into it, Escape closes it, and closing gives focus back to the pressed button), and
 * the dialog holds the form that does the deed. A button marked `data-close-dialog` closes the dialog it
 * is in. Without this script the form posts, and the server answers with its confirmation step.
 */
export function enhanceConfirmDialogs(document: Document): void {
  // On the document, so it runs before the page script's pending forms (on the window), which leave a
  // submit whose default was prevented alone.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirmDialog) return;
    const dialog = document.getElementById(form.dataset.confirmDialog);
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    if (!dialog.open) dialog.showModal();
  });
  document.addEventListener("click", (event) => {
    const button =
      event.target instanceof Element ? event.target.closest("[data-close-dialog]") : null;
    button?.closest("dialog")?.close();
  });
}
