// The submit form's own script, which only that page loads, after the page script every page loads
// (app/root.tsx, from the route's handle). The form is a document that does not hydrate
// (docs/decisions/0043); this script changes its co-author rows in place and sends its PDF with a
// progress bar. Built by Vite as a classic script of its own, like the page script.
import { enhanceAbstractUpload } from "./abstract-upload-script";
import { enhanceCoauthorRows } from "./coauthor-rows-script";

enhanceCoauthorRows(document);
enhanceAbstractUpload(window);
