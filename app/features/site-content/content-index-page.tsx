import { Link } from "~/components/link";
import type { ContentIndexGroup, ContentIndexRow } from "./content-index.server";
import { newEditionPath, newSeasonPath } from "./content-labels";
import "./content-editor.css";

/** The content area's front page: every document, grouped by kind, with where it stands. */
export function ContentIndexPage({ groups }: { groups: ContentIndexGroup[] }) {
  return (
    <>
      <h1>Site content</h1>
      <p>
        Change what the public pages say. Your changes are saved as a draft that only editors see;
        visitors see them once you publish. Every published version is kept, so you can always go
        back to an earlier one.
      </p>
      {groups.map((group) => (
        <section
          key={group.kind}
          className="card admin-panel"
          aria-labelledby={`content-${group.kind}`}
        >
          <h2 id={`content-${group.kind}`}>{group.title}</h2>
          {group.kind === "board-season" || group.kind === "edition" ? (
            <p>
              <Link
                to={group.kind === "edition" ? newEditionPath : newSeasonPath}
                className="button button--secondary"
              >
                {group.kind === "edition" ? "Add an edition" : "Add a season"}
              </Link>
            </p>
          ) : null}
          {isSingleDocument(group) ? (
            <DocumentLinks row={group.rows[0] as ContentIndexRow} />
          ) : group.rows.length ? (
            <ul className="content-list">
              {group.rows.map((row) => (
                <li key={row.key} className="content-list__item">
                  <h3 className="content-list__title">{row.title}</h3>
                  <DocumentLinks row={row} />
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing here yet.</p>
          )}
        </section>
      ))}
    </>
  );
}

/** A kind with one document (the home page, the footer) is its card: no second heading. */
function isSingleDocument(group: ContentIndexGroup): boolean {
  return group.rows.length === 1 && group.rows[0]?.title === group.title;
}

function DocumentLinks({ row }: { row: ContentIndexRow }) {
  return (
    <>
      <p className="content-list__meta">
        <span>{row.stateText}</span> · <span>Last saved {row.savedAtText}</span>
      </p>
      <p className="content-list__links">
        <Link to={row.editHref}>
          Edit<span className="visually-hidden"> {row.title}</span>
        </Link>
        <Link to={row.historyHref}>
          History<span className="visually-hidden"> of {row.title}</span>
        </Link>
      </p>
    </>
  );
}
