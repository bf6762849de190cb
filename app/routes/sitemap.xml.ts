import { buildSitemap, listIndexablePaths } from "~/features/seo/sitemap";
import { getEnv } from "~/lib/env.server";

export function loader() {
  return new Response(buildSitemap(getEnv().baseUrl, listIndexablePaths()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
