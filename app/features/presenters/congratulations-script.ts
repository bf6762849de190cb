// The congratulations page's own script, which only that page loads, after the page script every page
// loads (app/root.tsx, from the route's handle). The page is a document that does not hydrate: this
// script sends a final material with a progress bar and shows a refusal in its form. Built by Vite as
// a classic script of its own, like the page script.
import { enhanceProgressUploads } from "~/components/enhancements/progress-uploads";
import { finalMaterialMessages, finalMaterialsHeadingId } from "./final-material-paths";

enhanceProgressUploads(window, {
  formAttribute: "data-material-upload",
  interruptedMessage: finalMaterialMessages.interrupted,
  fragmentWhenBack: `#${finalMaterialsHeadingId}`,
});
