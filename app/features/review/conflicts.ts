import { foldName } from "~/lib/fold-name";

/**
 * What decides a conflict between a reviewer and an abstract, in one place. Assignment by hand, the
 * balancing and "take the next abstract" all ask `isConflicted`; `findConflicts` derives the facts from
 * the authors as the submitter typed them and the reviewers' accounts.
 *
 * Only what the submitter cannot forge is automatic: the submitting account itself, and a co-author
 * whose address belongs to a verified account of the same name (a confirmed co-author, see
 * features/submissions/coauthor-accounts.server.ts). Everything else the submitter typed (a name like a
 * reviewer's, a reviewer's address under another name or on an unverified account) is a *likely
 * conflict*: it keeps the reviewer off the abstract until an admin confirms or dismisses it, and is
 * shown to the admins with its reason, so a typed address never silently excludes anyone for good.
 */
export type ConflictFacts = {
  /** The submitting account and every confirmed co-author's account. */
  authorIds: readonly string[];
  /** Reviewers who declared a conflict with this abstract. */
  declaredConflictIds: readonly string[];
  /** Likely conflicts not dismissed by an admin: unresolved, or confirmed. */
  likelyConflicts: readonly LikelyConflict[];
};

export type LikelyConflict = {
  reviewerId: string;
  /** Why, in a sentence for the admins ("co-author 'X' has the same name as reviewer X"). */
  reason: string;
  /** Null while waiting for an admin. */
  resolution: "confirmed" | null;
};

export function isConflicted(reviewerId: string, submission: ConflictFacts): boolean {
  return (
    submission.authorIds.includes(reviewerId) ||
    submission.declaredConflictIds.includes(reviewerId) ||
    submission.likelyConflicts.some((conflict) => conflict.reviewerId === reviewerId)
  );
}

/** A reviewer's account as conflicts compare it. */
export type ConflictReviewer = {
  id: string;
  name: string;
  affiliation: string;
};

/** An author as the submitter typed them, with the account their address belongs to, if any. */
export type ConflictAuthor = {
  /** 0 is the submitter. */
  position: number;
  name: string;
  affiliation: string;
  /** The account whose address is this co-author's address (null: none, or no address given). */
  accountId: string | null;
  /** The address belongs to a verified account of the same name. */
  isConfirmed: boolean;
};

/**
 * The conflicts of one abstract with the committee: the accounts that are its authors, and the likely
 * conflicts with a reason each (before any admin's answer).
 */
export function findConflicts(
  submission: { submitterId: string; submitterName: string; authors: readonly ConflictAuthor[] },
  reviewers: readonly ConflictReviewer[],
): { authorIds: string[]; likely: { reviewerId: string; reason: string }[] } {
  const authorIds = new Set([submission.submitterId]);
  for (const author of submission.authors) {
    if (author.position > 0 && author.isConfirmed && author.accountId) {
      authorIds.add(author.accountId);
    }
  }
  const likely: { reviewerId: string; reason: string }[] = [];
  for (const reviewer of reviewers) {
    if (authorIds.has(reviewer.id)) continue;
    const reasons = new Set<string>();
    const submitter = submission.authors.find((author) => author.position === 0);
    for (const name of new Set([submission.submitterName, submitter?.name ?? ""])) {
      if (isSameName(name, reviewer.name)) {
        reasons.add(
          `the submitter '${name.trim()}' has the same name as reviewer ${reviewer.name}${affiliationHint(submitter?.affiliation ?? "", reviewer.affiliation)}`,
        );
      }
    }
    for (const author of submission.authors) {
      if (author.position === 0) continue;
      if (isSameName(author.name, reviewer.name)) {
        reasons.add(
          `co-author '${author.name.trim()}' has the same name as reviewer ${reviewer.name}${affiliationHint(author.affiliation, reviewer.affiliation)}`,
        );
      }
      if (author.accountId === reviewer.id) {
        reasons.add(
          `co-author '${author.name.trim()}' was given reviewer ${reviewer.name}'s address (unverified address)`,
        );
      }
    }
    if (reasons.size) likely.push({ reviewerId: reviewer.id, reason: [...reasons].join("; ") });
  }
  return { authorIds: [...authorIds], likely };
}

function isSameName(a: string, b: string): boolean {
  const folded = foldName(a);
  return folded !== "" && folded === foldName(b);
}

function affiliationHint(authorAffiliation: string, reviewerAffiliation: string): string {
  const author = foldName(authorAffiliation);
  const reviewer = foldName(reviewerAffiliation);
  if (!author || !reviewer) return "";
  return author === reviewer ? "; same affiliation" : "; different affiliation";
}
