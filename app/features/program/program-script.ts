// The edition pages' own script, loaded after the page script every page loads (app/root.tsx, from the
// route's handle). The pages are documents that do not hydrate; on the program page this shows the
// Print button, hidden without JavaScript, where the browser can print, and opens its print dialog.
// Built by Vite as a classic script of its own.
if (typeof window.print === "function") {
  for (const item of document.querySelectorAll<HTMLElement>("[data-print-program]")) {
    item.hidden = false;
    item.querySelector("button")?.addEventListener("click", () => window.print());
  }
}
