import { conferenceName, conferenceShortName } from "~/content/conference";
import { site } from "~/content/site";
import { RenderedOnce } from "~/lib/markup-memo";
import { useSiteData } from "~/lib/site-data";

type SiteFooterModel = { contact: { email: string; location: string }; year: number };

/**
 * Every page's footer; an editor's preview passes the draft's contact details instead. Its markup is a
 * function of the contact details and the year alone, so a document reuses it (`RenderedOnce`).
 */
export function SiteFooter({ contact: draft }: { contact?: { email: string; location: string } }) {
  const published = useSiteData().contact;
  const model: SiteFooterModel = { contact: draft ?? published, year: new Date().getFullYear() };
  return (
    <RenderedOnce
      as="footer"
      className="site-footer"
      kind="site-footer"
      model={model}
      render={(footer) => <SiteFooterContent footer={footer} />}
    />
  );
}

function SiteFooterContent({ footer: { contact, year } }: { footer: SiteFooterModel }) {
  return (
    <>
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{site.name}</p>
          <p>
            Home of {conferenceShortName}, the {conferenceName}.
          </p>
        </div>
        <div>
          <h2 className="site-footer__heading">Find us</h2>
          <address className="site-footer__address">{contact.location}</address>
        </div>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <p>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
        </div>
      </div>
      <div className="container">
        <p className="site-footer__copyright">
          © <span suppressHydrationWarning>{year}</span> {site.name}. All rights reserved.
        </p>
      </div>
    </>
  );
}
