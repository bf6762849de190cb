import type { MetaDescriptor } from "react-router";
import defaultShareImage from "~/assets/images/home/poster-session-1200.webp";
import { site } from "~/content/site";
import type { SiteData } from "./site-data";

const defaultShareImageAlt =
  "Students browse research posters under a SCULC banner at the undergraduate linguistics conference.";

/** Reads the site's public base URL from the root loader's data, as every meta function receives it. */
export function baseUrlFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as SiteData | undefined;
  return root?.baseUrl ?? "";
}

/**
 * Title, description, canonical link and social-card tags for a page. `canonicalPath` is where the page
 * lives; pages reachable at two paths (/ and /home) name the same one.
 */
export function pageMeta(options: {
  title?: string;
  description: string;
  canonicalPath?: string;
  baseUrl: string;
  /** A site path to a 1200 × 750 picture for link previews. */
  image?: string;
  imageAlt?: string;
}): MetaDescriptor[] {
  const title = options.title ? `${options.title} · ${site.name}` : site.name;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: options.description },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
  ];
  if (options.canonicalPath !== undefined) {
    const url = `${options.baseUrl}${options.canonicalPath}`;
    descriptors.push({ tagName: "link", rel: "canonical", href: url });
    descriptors.push({ property: "og:url", content: url });
  }
  // Link previews (chat apps, social sites) show this picture; pages may pass their own.
  const image = `${options.baseUrl}${options.image ?? defaultShareImage}`;
  descriptors.push(
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "750" },
    { property: "og:image:alt", content: options.imageAlt ?? defaultShareImageAlt },
    { name: "twitter:card", content: "summary_large_image" },
  );
  return descriptors;
}
