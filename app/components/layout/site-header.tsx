import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import logoUrl from "~/assets/images/logo.svg";
import { conferenceShortName, editionName } from "~/content/conference";
import { site } from "~/content/site";
import { useSiteData } from "~/lib/site-data";
import { NavDropdown } from "./nav-dropdown";
import { useDismiss } from "./use-dismiss";

export function SiteHeader() {
  const { conference } = useSiteData();
  const conferenceLinks = conference.editions.map((edition) => ({
    to: edition.path,
    label: editionName(edition.year),
  }));
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  useDismiss({
    isOpen: isMenuOpen,
    close: closeMenu,
    containerRef: headerRef,
    returnFocusRef: toggleRef,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation, by design
  useEffect(() => setIsMenuOpen(false), [location.pathname]);

  return (
    <header ref={headerRef} className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          <img src={logoUrl} alt="" width="44" height="44" />
          <span>{site.name}</span>
        </Link>
        <nav className="site-nav" aria-label="Main" data-open={isMenuOpen}>
          <button
            ref={toggleRef}
            type="button"
            className="site-nav__toggle"
            aria-expanded={isMenuOpen}
            aria-controls="site-menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
              {isMenuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" />
              )}
            </svg>
            <span className="site-nav__toggle-label">Menu</span>
          </button>
          <ul id="site-menu" className="site-nav__list">
            <li className="site-nav__item">
              <NavLink to="/" end className="site-nav__link">
                Home
              </NavLink>
            </li>
            <NavDropdown label={conferenceShortName} links={conferenceLinks} />
            <li className="site-nav__item">
              <NavLink to="/naclo" className="site-nav__link" prefetch="intent">
                NACLO
              </NavLink>
            </li>
            <li className="site-nav__item">
              <NavLink to="/board" className="site-nav__link" prefetch="intent">
                Our Board
              </NavLink>
            </li>
            <AccountNavItems />
          </ul>
        </nav>
      </div>
    </header>
  );
}

/**
 * The account end of the menu: Profile when signed in (else Login), Review for reviewers, and User
 * Data for admins.
 */
function AccountNavItems() {
  const { viewer } = useSiteData();
  return (
    <>
      {viewer?.isReviewer ? (
        <li className="site-nav__item">
          <NavLink to="/review" className="site-nav__link">
            Review
          </NavLink>
        </li>
      ) : null}
      {viewer?.isAdmin ? (
        <li className="site-nav__item">
          <NavLink to="/user-data" className="site-nav__link">
            User Data
          </NavLink>
        </li>
      ) : null}
      <li className="site-nav__item site-nav__item--account">
        <NavLink to={viewer ? "/profile" : "/login"} className="site-nav__link site-nav__link--cta">
          {viewer ? "Profile" : "Login"}
        </NavLink>
      </li>
    </>
  );
}
