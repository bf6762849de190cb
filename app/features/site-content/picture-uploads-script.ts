// The content editors' own script, which the page forms and the edition forms load after the page
// script every page loads (app/root.tsx, from the route's handle). The forms are documents that do not
// hydrate: this script sends the pictures of their lists and the program PDF with a progress bar,
// without leaving the page, and holds a save pressed meanwhile until they are in. Built by Vite as a
// classic script of its own.
import { enhancePictureLists } from "./picture-list-script";
import { enhanceProgramDocumentFields } from "./program-document-script";
import { holdSavesWhileUploading } from "./upload-script-parts";

enhancePictureLists(document);
enhanceProgramDocumentFields(document);
holdSavesWhileUploading(document);
