// The one script every page loads (docs/decisions/0009, 0042, 0043 and 0048).
// Public pages, the signed-out account forms and the submit form ship no React: their menus and
// collapsibles are <details>, their carousels scroll-snap lists with real links, their forms post as
// the browser's own, and this script adds only what HTML cannot do alone. It is built by Vite as a
// classic script of its own (imported with `?worker&url` in app/root.tsx) and allowed by the CSP's
// 'self'. It listens on the document or the window, so elements React renders or replaces later are
// covered too. A page that needs more has a script of its own, named by its route's handle (the submit
// form's, app/features/submissions/submit-form-script.ts).
import { enhanceCarousels } from "./carousel";
import { enhanceEmbeds } from "./external-embeds";
import { enhanceMenus } from "./menus";
import { enhancePendingForms } from "./pending-forms";
import { enhancePrintButtons } from "./print-buttons";
import { keepScrollAcrossRedraws } from "./redrawn-forms";

enhanceMenus(document);
enhanceEmbeds(document);
enhanceCarousels(document);
enhancePendingForms(window);
keepScrollAcrossRedraws(window);
enhancePrintButtons(window);
