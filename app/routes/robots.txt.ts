import { buildRobotsTxt } from "~/features/seo/sitemap";
import { getEnv } from "~/lib/env.server";

export function loader() {
  return new Response(buildRobotsTxt(getEnv().baseUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
