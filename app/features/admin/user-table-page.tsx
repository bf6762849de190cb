import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { Pagination } from "~/components/pagination";
import {
  type UserTableColumn,
  type UserTableQuery,
  type UserTableRow,
  userTableActionHref,
  userTableColumnLabels,
  userTableColumns,
  userTableHref,
} from "./user-table";

export type UserTablePageProps = {
  query: UserTableQuery;
  rows: UserTableRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  viewerId: string;
  error?: string | null;
  message?: string | null;
};

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function UserTablePage(props: UserTablePageProps) {
  const { query } = props;
  const first = props.total ? (props.page - 1) * props.pageSize + 1 : 0;
  const last = Math.min(props.page * props.pageSize, props.total);
  // The page does not hydrate, so its forms are the browser's own: three a row, fifty rows a page,
  // each with the action written once here rather than worked out by the router for every form.
  const postAction = userTableActionHref(query);
  return (
    <>
      <h1>User Data</h1>
      <FormMessage message={props.error ?? props.message} />
      <div className="admin-toolbar">
        {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself; older screen readers do not know the newer <search> element */}
        <form method="get" action="/user-data" className="admin-search" role="search">
          <label htmlFor="user-search" className="field__label">
            Search users
          </label>
          <div className="admin-search__row">
            <input
              id="user-search"
              className="field__input"
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Name, email or abstract"
            />
            {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
            {query.dir !== "asc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </form>
        <a className="button button--secondary" href="/user-data/export/users.csv" download>
          Download users (CSV)
        </a>
      </div>
      <p role="status" className="admin-count">
        {props.total
          ? `Showing ${first}–${last} of ${props.total} ${props.total === 1 ? "user" : "users"}${query.q ? ` matching “${query.q}”` : ""}.`
          : query.q
            ? `No users match “${query.q}”.`
            : "No users yet."}
      </p>
      {props.rows.length ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section className="admin-table-wrap" aria-label="Users" tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">
              Users, sorted by {userTableColumnLabels[query.sort]}{" "}
              {query.dir === "asc" ? "ascending" : "descending"}
            </caption>
            <thead>
              <tr>
                {userTableColumns.map((column) => (
                  <SortableHeader key={column} column={column} query={query} />
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.name || "—"}</td>
                  <td className="admin-table__email">{row.email}</td>
                  <td>{yesNo(row.isApplicant)}</td>
                  <td>{yesNo(row.isPresenter)}</td>
                  <td>
                    {row.abstract ? (
                      <>
                        <a
                          href={`/files/abstracts/${row.abstract.id}`}
                          target="_blank"
                          rel="noopener"
                        >
                          {row.abstract.name}
                          <span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                        {/* The title beside the file name, unless it only repeats it. */}
                        {row.abstract.title && row.abstract.title !== row.abstract.name ? (
                          <span className="admin-table__title"> “{row.abstract.title}”</span>
                        ) : null}
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{row.abstract?.uploadedAtText ?? "—"}</td>
                  <td>
                    <AdminCell row={row} viewerId={props.viewerId} action={postAction} />
                  </td>
                  <td>
                    <GrantCell
                      row={row}
                      grant="reviewer"
                      holds={row.isReviewer}
                      action={postAction}
                    />
                  </td>
                  <td>
                    <GrantCell row={row} grant="editor" holds={row.isEditor} action={postAction} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        hrefFor={(page) => userTableHref(query, { page })}
        label="User table pages"
      />
    </>
  );
}

function SortableHeader({ column, query }: { column: UserTableColumn; query: UserTableQuery }) {
  const isSorted = query.sort === column;
  const nextDir = isSorted && query.dir === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={userTableHref(query, { sort: column, dir: nextDir, page: 1 })}
        className="admin-table__sort"
      >
        {userTableColumnLabels[column]}
        <span aria-hidden="true" className="admin-table__arrow">
          {isSorted ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
        </span>
        <span className="visually-hidden">
          , sort {nextDir === "asc" ? "ascending" : "descending"}
        </span>
      </Link>
    </th>
  );
}

function AdminCell({
  row,
  viewerId,
  action,
}: {
  row: UserTableRow;
  viewerId: string;
  action: string;
}) {
  if (row.isConfiguredAdmin) return <>Yes (ADMIN_EMAILS)</>;
  const isSelf = row.id === viewerId;
  return (
    <form method="post" action={action} className="admin-table__role">
      <span>{yesNo(row.isAdmin)}</span>
      <input type="hidden" name="email" value={row.email} />
      {row.isAdmin ? (
        isSelf ? null : (
          <button type="submit" name="intent" value="revoke" className="admin-link-button">
            Revoke<span className="visually-hidden"> admin from {row.email}</span>
          </button>
        )
      ) : (
        <button type="submit" name="intent" value="grant" className="admin-link-button">
          Make admin<span className="visually-hidden">: {row.email}</span>
        </button>
      )}
    </form>
  );
}

/**
 * A role that is a grant of its own, beside the admin role: reviewer (admins hold it only if they give
 * it to themselves) and editor (admins edit the content without it; the grant matters to an admin only
 * if their admin right is later revoked).
 */
function GrantCell({
  row,
  grant,
  holds,
  action,
}: {
  row: UserTableRow;
  grant: "reviewer" | "editor";
  holds: boolean;
  action: string;
}) {
  return (
    <form method="post" action={action} className="admin-table__role">
      <span>{yesNo(holds)}</span>
      <input type="hidden" name="userId" value={row.id} />
      {holds ? (
        <button type="submit" name="intent" value={`revoke-${grant}`} className="admin-link-button">
          Revoke
          <span className="visually-hidden">
            {" "}
            {grant} from {row.email}
          </span>
        </button>
      ) : (
        <button type="submit" name="intent" value={`grant-${grant}`} className="admin-link-button">
          Make {grant}
          <span className="visually-hidden">: {row.email}</span>
        </button>
      )}
    </form>
  );
}
