import type { ReactNode } from "react";
import { Link } from "~/components/link";

/**
 * A link of the site's menus, marked as the current page as NavLink marks it (`aria-current="page"` and
 * the `active` class) when `isActive`, which the menu works out (`isActivePath`): a menu's markup is a
 * function of plain data, so a document reuses it (`RenderedOnce`). A public page is a document of its
 * own (docs/decisions/0009-public-pages-without-framework-javascript.md), so a link to one
 * (`isDocument`) is a plain <a>; other links are the site's `Link`.
 */
export function NavAnchor({
  to,
  isActive,
  isDocument = false,
  className,
  children,
}: {
  to: string;
  isActive: boolean;
  isDocument?: boolean;
  className: string;
  children: ReactNode;
}) {
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
