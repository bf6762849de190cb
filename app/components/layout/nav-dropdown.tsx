import { NavAnchor } from "./site-nav-link";

/** A menu link and whether it is the current page (`isActivePath`). */
export type MenuLink = { to: string; label: string; isActive: boolean };

/**
 * A disclosure menu of links (the WAI-ARIA "disclosure navigation" pattern, not an application menu):
 * a <details> the browser opens and closes by itself, on pages with or without the app's JavaScript.
 * The page script adds Escape, a press outside, tabbing out, and arrow keys through the links
 * (app/components/enhancements/menus.ts). The links lead to public pages, which are documents of their
 * own (docs/decisions/0009-public-pages-without-framework-javascript.md): they load as documents.
 */
export function NavDropdown({
  label,
  isSectionActive,
  links,
}: {
  label: string;
  /** The current page is one of the links itself (not a page below one). */
  isSectionActive: boolean;
  links: MenuLink[];
}) {
  return (
    <li className="site-nav__item site-nav__dropdown">
      <details className="site-nav__disclosure" data-menu="dropdown">
        <summary className="site-nav__link site-nav__dropdown-toggle" data-active={isSectionActive}>
          {label}
          <svg
            className="site-nav__chevron"
            aria-hidden="true"
            viewBox="0 0 12 12"
            width="12"
            height="12"
          >
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </summary>
        <ul className="site-nav__submenu">
          {links.map((link) => (
            <li key={link.to}>
              <NavAnchor
                to={link.to}
                isActive={link.isActive}
                className="site-nav__sublink"
                isDocument
              >
                {link.label}
              </NavAnchor>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
