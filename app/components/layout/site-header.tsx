import { useLocation } from "react-router";
import logoUrl from "~/assets/images/logo.svg";
import { conferenceShortName, editionName } from "~/content/conference";
import { site } from "~/content/site";
import { siteContentPath } from "~/lib/admin-paths";
import { RenderedOnce } from "~/lib/markup-memo";
import { type SiteData, useSiteData } from "~/lib/site-data";
import { type MenuLink, NavDropdown } from "./nav-dropdown";
import { isActivePath, NavAnchor } from "./site-nav-link";

/** Everything the header's menu shows: its links for this visitor, each marked current or not. */
export type SiteHeaderModel = {
  home: MenuLink;
  conference: { isSectionActive: boolean; links: MenuLink[] };
  naclo: MenuLink;
  board: MenuLink;
  /** The account end of the menu: Review, User Data or Site content, then Profile or Login. */
  account: MenuLink[];
};

/**
 * The header of every page. The same markup works with the app hydrated and on public pages that load
 * no framework code: on narrow screens the menu is a <details> (the page script adds Escape and a press
 * outside, app/components/enhancements/menus.ts); from 60rem it is one row. Links to public pages load
 * them as documents (docs/decisions/0009-public-pages-without-framework-javascript.md). The menu's markup
 * is a function of `SiteHeaderModel` alone, so a document reuses it (`RenderedOnce`).
 */
export function SiteHeader() {
  const model = siteHeaderModel(useSiteData(), useLocation().pathname);
  // The logo stays outside the reused markup: React preloads a page's first images from <head>, which
  // it can only do for the images it renders with the page.
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <NavAnchor to="/" isActive={model.home.isActive} className="site-header__brand" isDocument>
          <img src={logoUrl} alt="" width="44" height="44" />
          <span>{site.name}</span>
        </NavAnchor>
        <RenderedOnce
          as="nav"
          className="site-nav"
          aria-label="Main"
          kind="site-nav"
          model={model}
          render={(menu) => <SiteMenu menu={menu} />}
        />
      </div>
    </header>
  );
}

function siteHeaderModel(
  { conference, viewer }: Pick<SiteData, "conference" | "viewer">,
  pathname: string,
): SiteHeaderModel {
  const link = (to: string, label: string, end = false): MenuLink => ({
    to,
    label,
    isActive: isActivePath(pathname, to, end),
  });
  const conferenceLinks = [
    ...conference.editions.map((edition) => link(edition.path, editionName(edition.year))),
    // Signed in: the account's abstracts and their status. In the conference's menu rather than a
    // top-level item, so an admin's and reviewer's one-row header still fits at 60rem.
    ...(viewer ? [link("/sculc/view-submission", "My Submissions")] : []),
  ];
  // Review for reviewers; User Data for admins, or Site content for editors who are not admins (an
  // admin reaches it from the admin menu, so the one-row header never carries both).
  const account = [
    ...(viewer?.isReviewer ? [link("/review", "Review")] : []),
    ...(viewer?.isAdmin
      ? [link("/user-data", "User Data")]
      : viewer?.isEditor
        ? [link(siteContentPath, "Site content")]
        : []),
    viewer ? link("/profile", "Profile") : link("/login", "Login"),
  ];
  return {
    home: link("/", "Home", true),
    conference: {
      isSectionActive: conferenceLinks.some((item) => pathname === item.to),
      links: conferenceLinks,
    },
    naclo: link("/naclo", "NACLO"),
    board: link("/board", "Our Board"),
    account,
  };
}

function SiteMenu({ menu }: { menu: SiteHeaderModel }) {
  const cta = menu.account.at(-1);
  return (
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
        <MenuItem link={menu.home} isDocument />
        <NavDropdown
          label={conferenceShortName}
          isSectionActive={menu.conference.isSectionActive}
          links={menu.conference.links}
        />
        <MenuItem link={menu.naclo} isDocument />
        <MenuItem link={menu.board} isDocument />
        {menu.account.map((item) => (
          <MenuItem key={item.to} link={item} isAccountEnd={item === cta} />
        ))}
      </ul>
    </details>
  );
}

/** A top-level entry; the account end (Profile or Login) is drawn as a button. */
function MenuItem({
  link,
  isDocument = false,
  isAccountEnd = false,
}: {
  link: MenuLink;
  isDocument?: boolean;
  isAccountEnd?: boolean;
}) {
  return (
    <li className={isAccountEnd ? "site-nav__item site-nav__item--account" : "site-nav__item"}>
      <NavAnchor
        to={link.to}
        isActive={link.isActive}
        className={isAccountEnd ? "site-nav__link site-nav__link--cta" : "site-nav__link"}
        isDocument={isDocument}
      >
        {link.label}
      </NavAnchor>
    </li>
  );
}
