import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { boundedMemo } from "./bounded-memo";
import type { MarkupMemo } from "./markup-memo";

/**
 * The server's markup memo for documents. A model's markup is rendered on the first page that needs
 * it, inside that page's own render: React's server renderer keeps the state of the render it
 * interrupts (markup-memo.server.test.ts checks the page's ids and context around one). Keyed by the
 * model's JSON, at most 256 models (a header is one per signed-in role and current menu item; an editor
 * previewing drafts adds footers), each key under 8 KB.
 */
const markupOf = boundedMemo(
  (_key: string, render: () => ReactElement) => renderToStaticMarkup(render()),
  { limit: 256, maxKeyLength: 8 * 1024 },
);

export const markupMemo: MarkupMemo = (kind, model, render) =>
  markupOf(`${kind}\n${JSON.stringify(model)}`, render);
