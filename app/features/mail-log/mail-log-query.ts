import { mailPagesPath } from "~/lib/admin-paths";

/**
 * The mail page's filters, read from and written to its address (a GET form, so they work without
 * JavaScript and can be linked to from a notice).
 */
export const mailStateFilters = ["all", "waiting", "sent", "failed"] as const;
export type MailStateFilter = (typeof mailStateFilters)[number];

export type MailLogQuery = {
  state: MailStateFilter;
  /** A MailKind, or "" for every kind. */
  kind: string;
  page: number;
};

export const mailLogPath = mailPagesPath;

export function mailMessagePath(id: string): string {
  return `${mailLogPath}/${encodeURIComponent(id)}`;
}

/** Reads the filters; an unknown state or kind is no filter (`isKnownKind` says what a kind is). */
export function readMailLogQuery(
  searchParams: URLSearchParams,
  isKnownKind: (kind: string) => boolean,
): MailLogQuery {
  const state = mailStateFilters.find((each) => each === searchParams.get("state")) ?? "all";
  const kind = searchParams.get("kind") ?? "";
  const page = Math.floor(Number(searchParams.get("page")));
  return {
    state,
    kind: isKnownKind(kind) ? kind : "",
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The mail page's address for a query; defaults stay out of it. */
export function mailLogHref(
  query: Partial<MailLogQuery> = {},
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (query.state && query.state !== "all") params.set("state", query.state);
  if (query.kind) params.set("kind", query.kind);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `${mailLogPath}?${search}` : mailLogPath;
}
