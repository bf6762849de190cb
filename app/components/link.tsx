import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
} from "react";
// biome-ignore lint/style/noRestrictedImports: the one place that wraps React Router's link.
import { type NavigateFunction, Link as RouterLink, useNavigate } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/**
 * The site's link to one of its own pages: React Router's `<Link>` for what it is used for, at a
 * fraction of its cost on the server. React Router's link resolves its path through the route tree on
 * every render (relative paths, the matched routes' pathnames, the basename), about 9 µs each on the
 * server; an admin page has twenty of them. Almost every link here names an absolute path, which needs
 * none of that: it is rendered as a plain `<a href>` and, once the page has hydrated, a plain click
 * navigates in the app as React Router's link does (the same rule for modified clicks, other targets
 * and a handler that prevented the default; `replace` when the link leads where the page already is).
 *
 * Anything else is React Router's own link: a relative or non-string `to`, another origin, prefetching,
 * `relative`, view transitions, `reloadDocument`; and every link outside `LinkNavigation`.
 */
export function Link(props: LinkProps) {
  const navigate = useContext(NavigationContext);
  const {
    to,
    replace,
    state,
    preventScrollReset,
    onClick,
    prefetch,
    relative,
    viewTransition,
    reloadDocument,
    discover,
    ...anchor
  } = props;
  if (
    !navigate ||
    !isAppPath(to) ||
    (prefetch && prefetch !== "none") ||
    relative ||
    viewTransition ||
    reloadDocument
  ) {
    return <RouterLink {...props} />;
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, anchor.target)) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    void navigate(to, { replace: replace ?? here === to, state, preventScrollReset });
  };
  return <a {...anchor} href={to} onClick={handleClick} />;
}

const NavigationContext = createContext<NavigateFunction | null>(null);

/**
 * Gives the links inside it the router's `navigate`, asked for once (the document's layout) rather than
 * by every link: React Router's hook costs a few microseconds a call on the server. Paths are absolute,
 * so which route asks does not matter.
 */
export function LinkNavigation({ children }: { children: ReactNode }) {
  return <NavigationContext value={useNavigate()}>{children}</NavigationContext>;
}

/** A path of this site, from its root: `/profile`, `/user-data?page=2#x`, not `//host` or `edit`. */
function isAppPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//");
}

/** React Router's rule: the main button, no modifier key (a new tab or window), this window's target. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === "_self") &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
