/**
 * A button that opens the browser's print dialog (the program page's "Print the program"): drawn
 * `hidden` with `data-print-button` on the element to show, since without a script it can do nothing,
 * and shown where the browser can print. The page's print style sheet decides what the paper gets.
 */
export function enhancePrintButtons(window: Window): void {
  if (typeof window.print !== "function") return;
  for (const item of window.document.querySelectorAll<HTMLElement>("[data-print-button]")) {
    item.hidden = false;
  }
  window.document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-print-button] button")) window.print();
  });
}
