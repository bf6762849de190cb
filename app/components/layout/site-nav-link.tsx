import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/link";

/**
 * A link of the site's menus, marked as the current page as NavLink marks it (`aria-current="page"` and
 * the `active` class; below `to` too unless `end`). A public page is a document of its own
 * (docs/decisions/0009-public-pages-without-framework-javascript.md), so a link to one (`isDocument`) is
 * a plain <a>: router links resolve their path through the route tree on every render, which was a
 * tenth of a page's render time on the server with a dozen of them in the header. Links to the app's
 * pages stay router links, for client-side navigation once the page has hydrated.
 */
export function SiteNavLink({
  to,
  end = false,
  isDocument = false,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  isDocument?: boolean;
  className: string;
  children: ReactNode;
}) {
  const isActive = isActivePath(useLocation().pathname, to, end);
  const props = {
    className: isActive ? `${className} active` : className,
    "aria-current": isActive ? ("page" as const) : undefined,
  };
  return isDocument ? (
    <a href={to} {...props}>
      {children}
    </a>
  ) : (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}

/** NavLink's rule: the very path, or (unless `end`) a path below it; `/` only itself. Case-blind. */
export function isActivePath(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (here === target) return true;
  if (end || target === "/") return false;
  const base = target.endsWith("/") ? target.slice(0, -1) : target;
  return here.startsWith(`${base}/`);
}
