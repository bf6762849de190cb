import { shippedContent } from "./shipped-content";
import type { SiteContent } from "./site-content";

/**
 * The process's latest published content. The server replaces it before handing a request to the
 * pages whenever the database's public-pages revision has moved (features/site-content), so a request
 * never sees content older than the last publish committed before it arrived; code outside a request
 * (a timer's mail) refreshes it first. Until the first read it is the shipped content.
 */
let current: SiteContent = shippedContent;

export function getSiteContent(): SiteContent {
  return current;
}

export function setSiteContent(content: SiteContent): void {
  current = content;
}
