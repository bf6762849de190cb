import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { MenuLink } from "~/components/layout/nav-dropdown";
import { isActivePath, NavAnchor } from "~/components/layout/site-nav-link";
import { siteContentPath } from "~/lib/admin-paths";
import { RenderedOnce } from "~/lib/markup-memo";
import "./admin.css";

/** The conference's admin pages, in the order of its year: admins only. */
const adminSections = [
  { to: "/user-data", label: "Users", end: true },
  { to: "/user-data/submissions", label: "Submissions", end: false },
  { to: "/user-data/review", label: "Review", end: false },
  { to: "/user-data/presenters", label: "Presenters", end: false },
  { to: "/user-data/materials", label: "Final materials", end: false },
  { to: "/user-data/program", label: "Program", end: false },
  { to: "/user-data/mail", label: "Mail", end: false },
  { to: "/user-data/audit", label: "Audit log", end: false },
  { to: "/user-data/status", label: "Status", end: false },
];

/**
 * The site's content: admins and editors. Last for admins, so every entry they know keeps its place and
 * the conference's pages read in the order of its year; for an editor it is the only entry.
 */
const contentSection = { to: siteContentPath, label: "Site content", end: false };

/**
 * The admin area's frame: its own small menu above each admin page. An editor who is not an admin sees
 * only the content entry (the other pages refuse them anyway; the menu does not offer what they cannot
 * open). `notice` is what every page of the area must say first (mail failing), given by the route.
 */
export function AdminLayout({
  isAdmin,
  notice,
  children,
}: {
  isAdmin: boolean;
  notice?: ReactNode;
  children: ReactNode;
}) {
  const pathname = useLocation().pathname;
  const sections = (isAdmin ? [...adminSections, contentSection] : [contentSection]).map(
    (section): MenuLink => ({
      to: section.to,
      label: section.label,
      isActive: isActivePath(pathname, section.to, section.end),
    }),
  );
  return (
    <section className="section admin">
      <div className="container stack">
        {/* A function of the entries alone, so a document reuses its markup (`RenderedOnce`). */}
        <RenderedOnce
          as="nav"
          aria-label="Admin"
          className="admin-nav"
          kind="admin-nav"
          model={sections}
          render={(links) => (
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <NavAnchor to={link.to} isActive={link.isActive} className="admin-nav__link">
                    {link.label}
                  </NavAnchor>
                </li>
              ))}
            </ul>
          )}
        />
        {notice}
        {children}
      </div>
    </section>
  );
}
