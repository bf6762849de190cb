export const submissionFilters = [
  "all",
  "undecided",
  "staged",
  "accepted",
  "alternate",
  "rejected",
] as const;
export type SubmissionFilter = (typeof submissionFilters)[number];

/** Where an abstract's reviews stand: nobody assigned, some still to come, or every one submitted. */
export const reviewFilters = ["any", "unassigned", "outstanding", "complete"] as const;
export type ReviewFilter = (typeof reviewFilters)[number];

export const decisionSorts = ["number", "merit"] as const;
export type DecisionSort = (typeof decisionSorts)[number];

export type DecisionsQuery = {
  status: SubmissionFilter;
  reviews: ReviewFilter;
  sort: DecisionSort;
};

/** The decisions page's address for a query; defaults stay out of the URL. */
export function decisionsHref(query: DecisionsQuery, change: Partial<DecisionsQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.status !== "all") params.set("status", next.status);
  if (next.reviews !== "any") params.set("reviews", next.reviews);
  if (next.sort !== "number") params.set("sort", next.sort);
  const search = params.toString();
  return search ? `/user-data/submissions?${search}` : "/user-data/submissions";
}

export function matchesReviewFilter(
  review: { assigned: number; submitted: number },
  filter: ReviewFilter,
): boolean {
  if (filter === "unassigned") return review.assigned === 0;
  if (filter === "outstanding") return review.assigned > 0 && review.submitted < review.assigned;
  if (filter === "complete") return review.assigned > 0 && review.submitted >= review.assigned;
  return true;
}

/** Highest mean merit first; abstracts without a submitted review last, then by number. */
export function compareByMeanMerit(
  a: { number: number; meanMerit: number | null },
  b: { number: number; meanMerit: number | null },
): number {
  if (a.meanMerit === null || b.meanMerit === null) {
    if (a.meanMerit !== b.meanMerit) return a.meanMerit === null ? 1 : -1;
    return a.number - b.number;
  }
  return b.meanMerit - a.meanMerit || a.number - b.number;
}
