// The one script every page loads, hydrating or not (docs/decisions/0009 and 0042).
// Public pages and the signed-out account forms ship no React: their menus and collapsibles are
// <details>, their carousels scroll-snap lists with real links, their forms post as the browser's own,
// and this script adds only what HTML cannot do alone. It is built by Vite as a
// classic script of its own (imported with `?worker&url` in app/root.tsx) and allowed by the CSP's
// 'self'. It listens on the document, so elements React renders or replaces later are covered too.
import { enhanceCarousels } from "./carousel";
import { enhanceEmbeds } from "./external-embeds";
import { enhanceMenus } from "./menus";
import { enhancePendingForms } from "./pending-forms";

enhanceMenus(document);
enhanceEmbeds(document);
enhanceCarousels(document);
enhancePendingForms(window);
