import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

type RootData = { baseUrl: string };

/** Reads the site's public base URL from the root loader's data, as every meta function receives it. */
export function baseUrlFrom(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
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
  image?: string;
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
  if (options.image) {
    descriptors.push({ property: "og:image", content: `${options.baseUrl}${options.image}` });
  }
  return descriptors;
}
