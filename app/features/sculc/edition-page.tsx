import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { Link } from "~/components/link";
import { conferenceName, editionName } from "~/content/conference";
import type { EditionPageData } from "./edition-page-data";
import { EditionSectionBody } from "./edition-sections";
import "./edition-page.css";

/**
 * Any page of any SCULC edition, drawn from its content file. `heroAction` is where a call to action
 * for the signed-in visitor goes (the submission status button of the current edition).
 * `sectionBodies` replaces a section's content, keeping its heading, anchor and menu entry.
 */
export function EditionPage({
  data,
  heroAction,
  sectionBodies,
}: {
  data: EditionPageData;
  heroAction?: ReactNode;
  /** Bodies drawn by another feature in place of the content's, by section id (the published program). */
  sectionBodies?: Partial<Record<string, ReactNode>>;
}) {
  const { edition, page, sections } = data;
  const hasSideMenu = data.navigation === "side-menu" && sections.length > 1;
  return (
    <>
      <section className="page-hero edition-hero">
        <div className="container">
          <p className="eyebrow">{conferenceName}</p>
          <h1>{page.title}</h1>
          <p className="lead">
            {edition.dateLabel} · {edition.startTime} to {edition.endTime} · {edition.venue}
          </p>
          {heroAction}
        </div>
      </section>

      {data.nextEdition ? (
        <div className="container">
          <p className="concluded-banner">
            <strong>{editionName(edition.year)} has concluded.</strong> Thank you to everyone who
            presented, volunteered and attended!{" "}
            <Link to={data.nextEdition.path}>See {editionName(data.nextEdition.year)}</Link>
          </p>
        </div>
      ) : null}

      {data.subPages.length ? (
        <nav className="container edition-subnav" aria-label={`${editionName(edition.year)} pages`}>
          <ul>
            {data.subPages.map((subPage) => (
              <li key={subPage.path}>
                <NavLink to={subPage.path} end prefetch="intent">
                  {subPage.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className={`container edition-layout${hasSideMenu ? " edition-layout--with-menu" : ""}`}>
        {hasSideMenu ? (
          <nav className="edition-menu" aria-label="On this page">
            <ul>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.menuLabel ?? section.heading}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="edition-sections">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className={`edition-section edition-section--${section.kind}`}
              aria-labelledby={`${section.id}-heading`}
            >
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {sectionBodies?.[section.id] ?? (
                <EditionSectionBody section={section} edition={edition} isPageLead={index === 0} />
              )}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
