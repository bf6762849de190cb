import { conferenceName, conferenceShortName } from "~/content/conference";
import { site } from "~/content/site";
import { useSiteData } from "~/lib/site-data";

/** Every page's footer; an editor's preview passes the draft's contact details instead. */
export function SiteFooter({ contact: draft }: { contact?: { email: string; location: string } }) {
  const year = new Date().getFullYear();
  const published = useSiteData().contact;
  const contact = draft ?? published;
  return (
    <footer className="site-footer">
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
    </footer>
  );
}
