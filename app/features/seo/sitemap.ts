import { listEditionPages, listEditions } from "~/content/editions";
import { isProgramBuiltInSite, programPaths } from "~/features/program/program-paths";

/**
 * Public pages that search engines should index, by canonical path. Aliases (/home, /sculc) are left
 * out: they point at a page listed here. Conference pages follow the content; add other new pages here.
 */
export function listIndexablePaths(): string[] {
  return ["/", "/board", "/naclo", "/events", ...listConferencePagePaths()];
}

/** Every edition page and site-built program page in the published content. */
export function listConferencePagePaths(): string[] {
  return [
    ...listEditionPages().map((entry) => entry.path),
    ...listEditions()
      .filter(isProgramBuiltInSite)
      .map((edition) => programPaths(edition).page),
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function buildSitemap(baseUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${baseUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobotsTxt(baseUrl: string): string {
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${baseUrl}/sitemap.xml`, ""].join("\n");
}
