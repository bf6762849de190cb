import logoUrl from "~/assets/images/logo.svg";
import { conferenceShortName, editionName } from "~/content/conference";
import { site } from "~/content/site";
import { siteContentPath } from "~/lib/admin-paths";
import { useSiteData } from "~/lib/site-data";
import { NavDropdown } from "./nav-dropdown";
import { SiteNavLink } from "./site-nav-link";

/**
 * The header of every page. The same markup works with the app hydrated and on public pages that load
 * no framework code: on narrow screens the menu is a <details> (the page script adds Escape and a press
 * outside, app/components/enhancements/menus.ts); from 60rem it is one row. Links to public pages load
 * them as documents (docs/decisions/0009-public-pages-without-framework-javascript.md).
 */
export function SiteHeader() {
  const { conference, viewer } = useSiteData();
  const conferenceLinks = [
    ...conference.editions.map((edition) => ({
      to: edition.path,
      label: editionName(edition.year),
    })),
    // Signed in: the account's abstracts and their status. In the conference's menu rather than a
    // top-level item, so an admin's and reviewer's one-row header still fits at 60rem.
    ...(viewer ? [{ to: "/sculc/view-submission", label: "My Submissions" }] : []),
  ];
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SiteNavLink to="/" className="site-header__brand" isDocument>
          <img src={logoUrl} alt="" width="44" height="44" />
          <span>{site.name}</span>
        </SiteNavLink>
        <nav className="site-nav" aria-label="Main">
          <details className="site-nav__menu" data-menu="panel">
            <summary className="site-nav__toggle">
              <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
                <path
                  className="site-nav__icon-open"
                  d="M4 7h16M4 12h16M4 17h16"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <path
                  className="site-nav__icon-close"
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
              <span className="site-nav__toggle-label">Menu</span>
            </summary>
            <ul id="site-menu" className="site-nav__list">
              <li className="site-nav__item">
                <SiteNavLink to="/" end className="site-nav__link" isDocument>
                  Home
                </SiteNavLink>
              </li>
              <NavDropdown label={conferenceShortName} links={conferenceLinks} />
              <li className="site-nav__item">
                <SiteNavLink to="/naclo" className="site-nav__link" isDocument>
                  NACLO
                </SiteNavLink>
              </li>
              <li className="site-nav__item">
                <SiteNavLink to="/board" className="site-nav__link" isDocument>
                  Our Board
                </SiteNavLink>
              </li>
              <AccountNavItems />
            </ul>
          </details>
        </nav>
      </div>
    </header>
  );
}

/**
 * The account end of the menu: Profile when signed in (else Login), Review for reviewers, User Data for
 * admins, and Site content for editors who are not admins (an admin reaches it from the admin menu, so
 * the one-row header never carries both).
 */
function AccountNavItems() {
  const { viewer } = useSiteData();
  return (
    <>
      {viewer?.isReviewer ? (
        <li className="site-nav__item">
          <SiteNavLink to="/review" className="site-nav__link">
            Review
          </SiteNavLink>
        </li>
      ) : null}
      {viewer?.isAdmin ? (
        <li className="site-nav__item">
          <SiteNavLink to="/user-data" className="site-nav__link">
            User Data
          </SiteNavLink>
        </li>
      ) : viewer?.isEditor ? (
        <li className="site-nav__item">
          <SiteNavLink to={siteContentPath} className="site-nav__link">
            Site content
          </SiteNavLink>
        </li>
      ) : null}
      <li className="site-nav__item site-nav__item--account">
        <SiteNavLink
          to={viewer ? "/profile" : "/login"}
          className="site-nav__link site-nav__link--cta"
        >
          {viewer ? "Profile" : "Login"}
        </SiteNavLink>
      </li>
    </>
  );
}
