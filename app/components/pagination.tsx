import "./pagination.css";

/**
 * Previous and next links over a long list whose page is in the address (the audit log, the user
 * table, the mail page): plain links, so it works without JavaScript and a page can be linked to.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      {page > 1 ? <a href={hrefFor(page - 1)}>Previous page</a> : <span aria-hidden="true" />}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <a href={hrefFor(page + 1)}>Next page</a> : <span aria-hidden="true" />}
    </nav>
  );
}
