import { Link } from "~/components/link";
import { editionName } from "~/content/conference";
import { site } from "~/content/site";
import { useSiteData } from "~/lib/site-data";

/** The page for any address that does not exist; rendered inside the normal layout with status 404. */
export function NotFoundPage() {
  const { conference, contact } = useSiteData();
  const { current } = conference;
  return (
    <section className="section not-found">
      <div className="container stack">
        <title>{`Page not found · ${site.name}`}</title>
        <p className="eyebrow">Error 404</p>
        <h1>We couldn’t find that page</h1>
        <p className="lead">
          The address may be mistyped, or the page may have moved. These might be what you were
          looking for:
        </p>
        <ul className="not-found__links">
          <li>
            <Link to="/">Home page</Link>
          </li>
          <li>
            <Link to={current.path}>{editionName(current.year)}</Link>
          </li>
          <li>
            <Link to="/board">Our Board</Link>
          </li>
        </ul>
        <p>
          Still lost? Write to us at <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </div>
    </section>
  );
}
