import { type ConflictFacts, isConflicted } from "./conflicts";

export type BalancingAbstract = ConflictFacts & { id: string };

export type AssignmentPair = { submissionId: string; reviewerId: string };

export type BalancingInput = {
  /** In the order ties are broken (by number). */
  abstracts: readonly BalancingAbstract[];
  /** In the order ties are broken. */
  reviewerIds: readonly string[];
  /** The edition's assignments so far; each counts towards its abstract and its reviewer's load. */
  existing: readonly AssignmentPair[];
  perAbstract: number;
};

export type BalancingResult = {
  pairs: AssignmentPair[];
  /** Abstracts left below `perAbstract` because too few reviewers are free of conflicts. */
  shortfalls: { submissionId: string; missing: number }[];
};

/**
 * New assignments that bring every abstract to `perAbstract` reviewers where possible. One reviewer is
 * added per round to each abstract still short, the least assigned abstracts first, and each goes to the
 * least loaded eligible reviewer (not an author, no declared conflict, not already on it). Ties follow the
 * input order, so the same input gives the same pairs; existing assignments are kept, so running it
 * again adds nothing.
 */
export function balanceAssignments(input: BalancingInput): BalancingResult {
  const perAbstract = Math.max(0, Math.floor(input.perAbstract));
  const reviewerIds = [...new Set(input.reviewerIds)];
  const reviewerOrder = new Map(reviewerIds.map((id, index) => [id, index]));
  const load = new Map(reviewerIds.map((id) => [id, 0]));
  const assigned = new Map(input.abstracts.map((abstract) => [abstract.id, new Set<string>()]));
  for (const pair of input.existing) {
    assigned.get(pair.submissionId)?.add(pair.reviewerId);
    if (load.has(pair.reviewerId)) load.set(pair.reviewerId, (load.get(pair.reviewerId) ?? 0) + 1);
  }

  const pairs: AssignmentPair[] = [];
  const stuck = new Set<string>();
  for (let round = 0; round < perAbstract; round++) {
    const short = input.abstracts
      .map((abstract, index) => ({ abstract, index, count: assigned.get(abstract.id)?.size ?? 0 }))
      .filter(({ abstract, count }) => count < perAbstract && !stuck.has(abstract.id))
      .sort((a, b) => a.count - b.count || a.index - b.index);
    if (!short.length) break;
    for (const { abstract } of short) {
      const onIt = assigned.get(abstract.id) ?? new Set<string>();
      let chosen: string | null = null;
      for (const reviewerId of reviewerIds) {
        if (onIt.has(reviewerId) || isConflicted(reviewerId, abstract)) continue;
        if (
          chosen === null ||
          (load.get(reviewerId) ?? 0) < (load.get(chosen) ?? 0) ||
          ((load.get(reviewerId) ?? 0) === (load.get(chosen) ?? 0) &&
            (reviewerOrder.get(reviewerId) ?? 0) < (reviewerOrder.get(chosen) ?? 0))
        ) {
          chosen = reviewerId;
        }
      }
      if (chosen === null) {
        stuck.add(abstract.id);
        continue;
      }
      onIt.add(chosen);
      load.set(chosen, (load.get(chosen) ?? 0) + 1);
      pairs.push({ submissionId: abstract.id, reviewerId: chosen });
    }
  }

  const shortfalls = input.abstracts
    .map((abstract) => ({
      submissionId: abstract.id,
      missing: perAbstract - (assigned.get(abstract.id)?.size ?? 0),
    }))
    .filter((shortfall) => shortfall.missing > 0);
  return { pairs, shortfalls };
}
