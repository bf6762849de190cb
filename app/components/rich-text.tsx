import type { SafeHtml, SafeInlineHtml } from "~/lib/rich-text";

/**
 * An editor's formatted text, rendered on the server by `renderRichText`. The one place that inserts
 * HTML from content: it takes only `SafeHtml`, which nothing but app/lib/rich-text.ts can produce,
 * so a plain string (an unchecked field, a query parameter) does not type-check here. Its spacing is
 * in rich-text.css, loaded with the theme by app/root.tsx.
 */
export function RichText({ html, className }: { html: SafeHtml; className?: string }) {
  return (
    <div
      className={className ? `rich-text ${className}` : "rich-text"}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeHtml comes from the allow-listed renderer only.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A one-line field's formatted text (`renderRichTextInline`), inside markup of its own. */
export function RichTextInline({ html }: { html: SafeInlineHtml }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: SafeInlineHtml comes from the allow-listed renderer only.
  return <span className="rich-text-inline" dangerouslySetInnerHTML={{ __html: html }} />;
}
