import type { ComponentProps } from "react";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps React Router's link.
import { Link as RouterLink } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/**
 * The site's link to one of its own pages. Every page is a document (docs/decisions/0048), so a link
 * to a path of the site is a plain `<a href>`: the browser loads the page, as React Router's link would
 * make it do for a document route. React Router's link resolves its path through the route tree on
 * every render (relative paths, the matched routes' pathnames, the basename), about 9 µs each on the
 * server, and an admin page has thirty of them; an absolute path needs none of that. The router's
 * own props (`replace`, `state`, `preventScrollReset`, `discover`) have nothing to do on a document and
 * stay out of the markup.
 *
 * Anything else is React Router's own link: a relative or non-string `to`, another origin, prefetching,
 * `relative`, view transitions, `reloadDocument`.
 */
export function Link(props: LinkProps) {
  const {
    to,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    discover: _discover,
    prefetch,
    relative,
    viewTransition,
    reloadDocument,
    ...anchor
  } = props;
  if (
    !isAppPath(to) ||
    (prefetch && prefetch !== "none") ||
    relative ||
    viewTransition ||
    reloadDocument
  ) {
    return <RouterLink {...props} />;
  }
  return <a {...anchor} href={to} />;
}

/** A path of this site, from its root: `/profile`, `/user-data?page=2#x`, not `//host` or `edit`. */
function isAppPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//");
}
