/**
 * What decides a conflict between a reviewer and an abstract, in one place: its authors and the
 * conflicts reviewers have declared. Assignment by hand, the balancing and "take the next abstract"
 * all ask this function.
 */
export type ConflictFacts = {
  /**
   * The uploader's account and every account whose email is a co-author's email
   * (conflict-authors.server.ts resolves them).
   */
  authorIds: readonly string[];
  /** Reviewers who declared a conflict with this abstract. */
  declaredConflictIds: readonly string[];
};

export function isConflicted(reviewerId: string, submission: ConflictFacts): boolean {
  return (
    submission.authorIds.includes(reviewerId) || submission.declaredConflictIds.includes(reviewerId)
  );
}
