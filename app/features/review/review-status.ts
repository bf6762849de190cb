export type ReviewStatus = "not-started" | "draft" | "submitted";

export function reviewStatus(
  review: { submitted_at: string | null } | null | undefined,
): ReviewStatus {
  if (!review) return "not-started";
  return review.submitted_at ? "submitted" : "draft";
}
