/** The admin user table's state, kept in the URL so a search or sort can be bookmarked and shared. */
export const userTableColumns = [
  "name",
  "email",
  "applicant",
  "presenter",
  "abstract",
  "upload",
  "admin",
  "reviewer",
  "editor",
] as const;
export type UserTableColumn = (typeof userTableColumns)[number];

export const userTableColumnLabels: Record<UserTableColumn, string> = {
  name: "Name",
  email: "Email",
  applicant: "Applicant",
  presenter: "Presenter",
  abstract: "Abstract Name",
  upload: "Upload Time",
  admin: "Admin",
  reviewer: "Reviewer",
  editor: "Editor",
};

export const userTablePageSize = 50;

// The URL is read on the server (readUserTableQuery in user-table.server.ts); the page only writes it.
export type UserTableQuery = {
  q: string;
  sort: UserTableColumn;
  dir: "asc" | "desc";
  page: number;
};

export function userTableHref(query: UserTableQuery, change: Partial<UserTableQuery> = {}): string {
  const search = userTableSearch({ ...query, ...change });
  return search ? `/user-data?${search}` : "/user-data";
}

/**
 * Where the table's role buttons post: the index route's action (`?index`, as the page is the index of
 * the admin area's frame), with the table's search, sort and page, so the answer shows the same rows.
 */
export function userTableActionHref(query: UserTableQuery): string {
  const search = userTableSearch(query);
  return search ? `/user-data?index&${search}` : "/user-data?index";
}

function userTableSearch(next: UserTableQuery): string {
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  return params.toString();
}

export type UserTableRow = {
  id: string;
  name: string;
  email: string;
  isApplicant: boolean;
  isPresenter: boolean;
  isAdmin: boolean;
  isConfiguredAdmin: boolean;
  isReviewer: boolean;
  isEditor: boolean;
  abstract: { id: string; name: string; title: string; uploadedAtText: string } | null;
};
