import { createContext, type ReactElement, useContext } from "react";

/** Gives the markup `render` makes, which depends on `model` alone, rendered once per distinct model. */
export type MarkupMemo = (kind: string, model: unknown, render: () => ReactElement) => string;

const MarkupMemoContext = createContext<MarkupMemo | null>(null);

/** Set by the server for a page that does not hydrate (app/entry.server.tsx), and only there. */
export const MarkupMemoProvider = MarkupMemoContext.Provider;

/**
 * A `<nav>` or `<footer>` holding `render(model)`, where `model` is plain data and the only thing the
 * markup depends on: the site's menu is the same for every admin on the same page, yet it was rendered
 * for each request. On a page rendered as a document, its inside is rendered once per distinct model
 * and reused as markup; elsewhere (the browser, a page that hydrates, whose React must find its own
 * elements) it is rendered as usual. Keep images, stylesheets and `<title>`/`<meta>` out of `render`:
 * React moves those to the page's `<head>` (or preloads them there) only when it renders them with
 * the page.
 */
export function RenderedOnce<Model>({
  as: Tag,
  kind,
  model,
  render,
  ...attributes
}: {
  as: "footer" | "nav";
  className?: string;
  "aria-label"?: string;
  /** Which fragment this is: two kinds never share markup, even for equal models. */
  kind: string;
  model: Model;
  render: (model: Model) => ReactElement;
}) {
  const memo = useContext(MarkupMemoContext);
  if (!memo) return <Tag {...attributes}>{render(model)}</Tag>;
  return (
    <Tag
      {...attributes}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of `render(model)`.
      dangerouslySetInnerHTML={{ __html: memo(kind, model, () => render(model)) }}
    />
  );
}
