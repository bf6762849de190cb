// The status page's own script, which only that page loads, after the page script every page loads
// (app/root.tsx, from the route's handle). The page is a document that does not hydrate
// (docs/decisions/0044): this script changes the edit form's co-author rows in place, as on the submit
// form, and asks in a dialog before an abstract is deleted. Built by Vite as a classic script of its own.
import { enhanceConfirmDialogs } from "~/components/enhancements/confirm-dialogs";
import { enhanceCoauthorRows } from "./coauthor-rows-script";

enhanceCoauthorRows(document);
enhanceConfirmDialogs(document);
