import { editions } from "~/content/editions";
import type { Embed } from "~/content/embed";
import { naclo } from "~/content/naclo";

/** Every embed the content configures. */
export function listContentEmbeds(): Embed[] {
  const presentationEmbeds = editions.flatMap((edition) =>
    edition.pages.flatMap((page) =>
      page.sections.flatMap((section) =>
        section.kind === "presentations" ? section.items.map((item) => item.embed) : [],
      ),
    ),
  );
  return [naclo.attendanceForm, ...presentationEmbeds];
}

/**
 * The origins the Content-Security-Policy lets pages frame: exactly those the content embeds, so a new
 * embed host is allowed by adding it to the content, and nothing else can be framed.
 */
export function listEmbedOrigins(): string[] {
  return [...new Set(listContentEmbeds().map((embed) => new URL(embed.embedUrl).origin))].sort();
}
