import { getSiteContent } from "~/content/current-content";
import type { Embed } from "~/content/embed";
import type { SiteContent } from "~/content/site-content";

/** Every embed a content snapshot configures: the NACLO form and the editions' presentations. */
export function contentEmbeds(content: Pick<SiteContent, "naclo" | "editions">): Embed[] {
  const presentationEmbeds = content.editions.flatMap((edition) =>
    edition.pages.flatMap((page) =>
      page.sections.flatMap((section) =>
        section.kind === "presentations" ? section.items.map((item) => item.embed) : [],
      ),
    ),
  );
  return [content.naclo.attendanceForm, ...presentationEmbeds];
}

/** The https origins of these embeds, each once, sorted. */
export function embedOrigins(embeds: readonly Embed[]): string[] {
  // Only https hosts may be framed: a page served over https cannot show an http frame anyway.
  const origins = embeds.flatMap((embed) => {
    try {
      const url = new URL(embed.embedUrl);
      return url.protocol === "https:" ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)].sort();
}

/**
 * The origins the Content-Security-Policy lets pages frame: exactly those the published content
 * embeds, so a new embed host is allowed by publishing it, and nothing else can be framed. (An
 * editor's preview adds the drafts' own: `previewFrameOriginsHeader`.)
 */
export function listEmbedOrigins(): string[] {
  const content = getSiteContent();
  // Asked for every response's policy: computed once per published content.
  if (memo?.content !== content) memo = { content, origins: embedOrigins(contentEmbeds(content)) };
  return memo.origins;
}

let memo: { content: ReturnType<typeof getSiteContent>; origins: string[] } | undefined;
