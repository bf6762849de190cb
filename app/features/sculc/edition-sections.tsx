import { Collapsible } from "~/components/collapsible";
import { ExternalEmbed } from "~/components/external-embed";
import { ImageCarousel } from "~/components/image-carousel";
import { ProgramItemsTable, presentersText } from "~/components/program-items-table";
import { RichText } from "~/components/rich-text";
import { editionName } from "~/content/conference";
import type { PresentationEmbed } from "~/content/sculc/edition-types";
import type { EditionPageData, ResolvedSection } from "./edition-page-data";

type Edition = EditionPageData["edition"];

const carouselSizes = "(min-width: 64rem) 46rem, calc(100vw - 2rem)";

function Facts({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <dl className="fact-list">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Presentation({ item, headingLevel }: { item: PresentationEmbed; headingLevel: 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="presentation">
      <Heading className="presentation__title">{item.title}</Heading>
      {item.presenters.length ? (
        <p className="presentation__presenters">{presentersText(item.presenters)}</p>
      ) : null}
      <ExternalEmbed embed={item.embed} height={420} />
    </article>
  );
}

/** The body of one section; its heading and anchor come from EditionSectionFrame. */
export function EditionSectionBody({
  section,
  edition,
  isPageLead,
}: {
  section: ResolvedSection;
  edition: Edition;
  /** The section comes first on its page, so its first picture is the page's main image. */
  isPageLead: boolean;
}) {
  switch (section.kind) {
    case "details": {
      const facts = [
        { label: "Date", value: edition.dateLabel },
        { label: "Time", value: `${edition.startTime} to ${edition.endTime}` },
        ...(section.checkIn ? [{ label: "Check-in", value: section.checkIn }] : []),
        ...(section.lunch ? [{ label: "Lunch", value: section.lunch }] : []),
        { label: "Where", value: edition.venue },
        ...(section.format ? [{ label: "Format", value: section.format }] : []),
        { label: "Attendance", value: section.attendance },
        ...(section.facts ?? []),
      ];
      return <Facts facts={facts} />;
    }
    case "text":
      return (
        <>
          <RichText html={section.html} />
          {section.facts ? <Facts facts={section.facts} /> : null}
        </>
      );
    case "recap":
      return (
        <div className="edition-recap">
          <RichText html={section.html} />
          {section.photoCredit ? <p className="edition-credit">{section.photoCredit}</p> : null}
        </div>
      );
    case "keynote":
      return (
        <div className="keynote card">
          <p className="keynote__talk">“{section.talkTitle}”</p>
          <p className="keynote__speaker">
            <strong>{section.speaker}</strong>
            {section.affiliation ? `, ${section.affiliation}` : ""}
          </p>
          <RichText html={section.bioHtml} />
        </div>
      );
    case "program-document":
      if (!section.url) {
        return <p>The program of {editionName(edition.year)} will be posted here.</p>;
      }
      return (
        <>
          {section.intro ? <p>{section.intro}</p> : null}
          <p>
            <a className="button" href={section.url} target="_blank" rel="noopener">
              Open the program (PDF)
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <iframe
            className="edition-document"
            src={section.url}
            title={`${editionName(edition.year)} program (PDF)`}
            loading="lazy"
          />
        </>
      );
    case "program-pages":
      return (
        <>
          {section.intro ? <p>{section.intro}</p> : null}
          <div className="edition-program-pages">
            <ImageCarousel
              images={section.images}
              label={`${editionName(edition.year)} program pages`}
              sizes="(min-width: 40rem) 32rem, calc(100vw - 2rem)"
            />
          </div>
        </>
      );
    case "program-list":
      return (
        <>
          {section.intro ? <p>{section.intro}</p> : null}
          <ProgramItemsTable
            items={section.items}
            caption={`${editionName(edition.year)} schedule`}
          />
        </>
      );
    case "schedule-image":
      return section.image ? (
        <figure className="edition-schedule">
          <a href={section.image.src}>
            <img
              src={section.image.src}
              srcSet={section.image.srcSet}
              sizes="(min-width: 48rem) 40rem, calc(100vw - 2rem)"
              width={section.image.width}
              height={section.image.height}
              alt={section.image.alt}
              loading={isPageLead ? "eager" : "lazy"}
              fetchPriority={isPageLead ? "high" : "auto"}
              decoding="async"
            />
          </a>
          <figcaption>Select the schedule to open it at full size.</figcaption>
        </figure>
      ) : null;
    case "presentations":
      return (
        <>
          {section.intro ? <p>{section.intro}</p> : null}
          {section.display === "collapsible" ? (
            section.items.map((item) => (
              <Collapsible key={item.embed.embedUrl} headingLevel={3} heading={item.title}>
                {item.presenters.length ? (
                  <p className="presentation__presenters">{presentersText(item.presenters)}</p>
                ) : null}
                <ExternalEmbed embed={item.embed} height={420} />
              </Collapsible>
            ))
          ) : (
            <div className="presentation-list">
              {section.items.map((item) => (
                <Presentation key={item.embed.embedUrl} item={item} headingLevel={3} />
              ))}
            </div>
          )}
        </>
      );
    case "gallery":
      return (
        <>
          {section.intro ? <p>{section.intro}</p> : null}
          {section.galleries.map((gallery, index) => (
            <div key={gallery.title} className="edition-gallery">
              <h3>{gallery.title}</h3>
              <ImageCarousel
                images={gallery.images}
                label={gallery.title}
                sizes={carouselSizes}
                isPageLead={isPageLead && index === 0}
              />
            </div>
          ))}
          {section.credit ? <p className="edition-credit">{section.credit}</p> : null}
        </>
      );
    case "guidelines":
      return (
        <>
          <p className={`status-badge status-badge--${section.status}`}>
            {section.status === "open" ? "Open" : "Closed"}
          </p>
          {section.deadline ? (
            <p>
              <strong>Deadline:</strong> {section.deadline}
            </p>
          ) : null}
          <ul className="guidelines">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          {section.action && section.status === "open" ? (
            <p>
              <a className="button" href={section.action.href}>
                {section.action.label}
              </a>
            </p>
          ) : null}
        </>
      );
    case "links":
      return (
        <>
          {section.email ? (
            <p>
              Questions? Write to <a href={`mailto:${section.email}`}>{section.email}</a>.
            </p>
          ) : null}
          <ul className="link-cards">
            {section.links.map((link) => (
              <li key={link.href}>
                <a className="link-card" href={link.href}>
                  <span className="link-card__label">{link.label}</span>
                  {link.description ? (
                    <span className="link-card__description">{link.description}</span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </>
      );
  }
}
