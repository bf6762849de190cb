import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

/** Account pages: a title, and kept out of search results (they are forms, not content). */
export function accountMeta(title: string): MetaDescriptor[] {
  return [
    { title: `${title} · ${site.name}` },
    { name: "description", content: `${title} on the ${site.name} website.` },
    { name: "robots", content: "noindex" },
  ];
}
