/**
 * The reviewer's pages, and the admins' page that runs the review. Abstracts are named by their number
 * only, never by the author's file name.
 */
export const reviewPaths = {
  queue: "/review",
  abstract: (number: number) => `/review/abstracts/${number}`,
  file: (number: number) => `/review/abstracts/${number}.pdf`,
  /** The admins' peer review page. */
  admin: "/user-data/review",
} as const;

/** A number as it may appear in a path: 1 to 999999999, no signs, no leading zeros. */
export function parseAbstractNumber(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}
