/**
 * External embeds (app/components/external-embed.tsx) keep their frame in a <template>, so nothing is
 * requested from the other site until the visitor asks. The button that asks is hidden in the HTML,
 * since without a script it could do nothing (the plain link beside it always works); this script
 * shows it and, on a press, puts the frame in place of the placeholder and moves focus into it.
 */
export function enhanceEmbeds(document: Document): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-embed-load]")) {
    button.hidden = false;
  }
  document.addEventListener("click", (event) => {
    const button =
      event.target instanceof Element ? event.target.closest("[data-embed-load]") : null;
    const embed = button?.closest("[data-embed]");
    const template = embed?.querySelector<HTMLTemplateElement>("template[data-embed-frame]");
    const placeholder = embed?.querySelector<HTMLElement>("[data-embed-placeholder]");
    if (!template || !placeholder) return;
    const frame = template.content.firstElementChild?.cloneNode(true);
    if (!(frame instanceof HTMLIFrameElement)) return;
    // Hidden rather than removed, and the frame added beside it: an element React renders stays its own.
    placeholder.hidden = true;
    template.after(frame);
    frame.focus();
  });
}
