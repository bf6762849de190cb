import { getSiteContent } from "~/content/current-content";
import { listEditions } from "~/content/editions";
import type { Embed } from "~/content/embed";

/** Every embed the content configures. */
export function listContentEmbeds(): Embed[] {
  const presentationEmbeds = listEditions().flatMap((edition) =>
    edition.pages.flatMap((page) =>
      page.sections.flatMap((section) =>
        section.kind === "presentations" ? section.items.map((item) => item.embed) : [],
      ),
    ),
  );
  return [getSiteContent().naclo.attendanceForm, ...presentationEmbeds];
}

/**
 * The origins the Content-Security-Policy lets pages frame: exactly those the content embeds, so a new
 * embed host is allowed by adding it to the content, and nothing else can be framed.
 */
export function listEmbedOrigins(): string[] {
  const content = getSiteContent();
  // Asked for every response's policy: computed once per published content.
  if (memo?.content !== content) {
    // Only https hosts may be framed: a page served over https cannot show an http frame anyway.
    const origins = listContentEmbeds()
      .map((embed) => new URL(embed.embedUrl))
      .filter((url) => url.protocol === "https:")
      .map((url) => url.origin);
    memo = { content, origins: [...new Set(origins)].sort() };
  }
  return memo.origins;
}

let memo: { content: ReturnType<typeof getSiteContent>; origins: string[] } | undefined;
