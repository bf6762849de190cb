import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap, listIndexablePaths } from "./sitemap";

describe("sitemap and robots.txt", () => {
  it("lists absolute URLs and escapes XML in them", () => {
    const xml = buildSitemap("https://example.edu", ["/", "/a&b"]);
    expect(xml).toContain("<loc>https://example.edu/</loc>");
    expect(xml).toContain("<loc>https://example.edu/a&#38;b</loc>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("points robots at the sitemap", () => {
    expect(buildRobotsTxt("https://example.edu")).toContain(
      "Sitemap: https://example.edu/sitemap.xml",
    );
  });

  it("lists every public page once, and no alias", () => {
    const paths = listIndexablePaths();
    expect(paths).toContain("/board");
    expect(paths).toContain("/sculc-2023-photo");
    expect(paths).toContain("/sculc-2025-program");
    expect(paths).not.toContain("/home");
    expect(paths).not.toContain("/sculc");
    expect(new Set(paths).size).toBe(paths.length);
  });
});
