import type { ReactNode } from "react";

/**
 * Stands in for the editors' Markdown renderer until it is merged: an editor's multi-line text as
 * paragraphs split on blank lines, with `*words*` as emphasis. It builds React elements from the text
 * and never HTML, so whatever an editor types (even `<script>`) is shown as text.
 */
export function Paragraphs({ source, className }: { source: string; className?: string }) {
  const paragraphs = source
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return paragraphs.map((paragraph, index) => (
    // Paragraphs have no identity of their own; their order is the text's.
    // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the text on every render
    <p key={index} className={className}>
      {withEmphasis(paragraph)}
    </p>
  ));
}

function withEmphasis(text: string): ReactNode[] {
  return text.split(/(\*[^*\n]+\*)/).map((part, index) =>
    part.length > 2 && part.startsWith("*") && part.endsWith("*") ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, in order
      <em key={index}>{part.slice(1, -1)}</em>
    ) : (
      part
    ),
  );
}
