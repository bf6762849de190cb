/**
 * What decides a conflict between a reviewer and an abstract, in one place: its authors (today the
 * uploader; co-authors join `authorIds` once submissions carry them) and the conflicts reviewers have
 * declared. Assignment by hand, the balancing and "take the next abstract" all ask this function.
 */
export type ConflictFacts = {
  authorIds: readonly string[];
  /** Reviewers who declared a conflict with this abstract. */
  declaredConflictIds: readonly string[];
};

export function isConflicted(reviewerId: string, submission: ConflictFacts): boolean {
  return (
    submission.authorIds.includes(reviewerId) || submission.declaredConflictIds.includes(reviewerId)
  );
}
