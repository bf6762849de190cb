import { z } from "~/lib/zod";

/** The admin user table's state, kept in the URL so a search or sort can be bookmarked and shared. */
export const userTableColumns = [
  "name",
  "email",
  "applicant",
  "presenter",
  "abstract",
  "upload",
  "admin",
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
};

export const userTablePageSize = 50;

export const userTableQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  sort: z.enum(userTableColumns).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type UserTableQuery = z.infer<typeof userTableQuery>;

export function readUserTableQuery(searchParams: URLSearchParams): UserTableQuery {
  return userTableQuery.parse(Object.fromEntries(searchParams));
}

export function userTableHref(query: UserTableQuery, change: Partial<UserTableQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== "name") params.set("sort", next.sort);
  if (next.dir !== "asc") params.set("dir", next.dir);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/user-data?${search}` : "/user-data";
}

export type UserTableRow = {
  id: string;
  name: string;
  email: string;
  isApplicant: boolean;
  isPresenter: boolean;
  isAdmin: boolean;
  isConfiguredAdmin: boolean;
  abstract: { id: string; name: string; uploadedAtText: string } | null;
};
