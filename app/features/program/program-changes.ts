import type { MailRecipient } from "~/features/submissions/abstract-recipients.server";
import type { ProgramSnapshot } from "./program-snapshot";

/** Where and when one presentation is, as its presenters read it. */
export type Placement = { session: string; room: string; startsAt: string; endsAt: string };

export type AffectedPresentation = {
  submissionId: string;
  title: string;
  change: "added" | "removed" | "moved";
  before: Placement[];
  after: Placement[];
  /** The presenting authors who gave an address, and the submitting account: whom to tell. */
  recipients: MailRecipient[];
};

function placementsBySubmission(program: ProgramSnapshot | null) {
  const bySubmission = new Map<string, { title: string; placements: Placement[] }>();
  for (const session of program?.sessions ?? [])
    for (const presentation of session.presentations) {
      const entry = bySubmission.get(presentation.submissionId) ?? {
        title: presentation.title,
        placements: [],
      };
      entry.placements.push({
        session: session.title,
        room: session.room,
        startsAt: presentation.startsAt ?? session.startsAt,
        endsAt: presentation.endsAt ?? session.endsAt,
      });
      bySubmission.set(presentation.submissionId, entry);
    }
  return bySubmission;
}

const placementKey = (placements: readonly Placement[]) =>
  JSON.stringify(
    placements
      .map((each) => [each.startsAt, each.endsAt, each.session, each.room.trim().toLowerCase()])
      .sort(),
  );

/**
 * Which presentations changed for their presenters between two published programs: added, removed, or
 * moved (another time, session or room; a new title or co-author alone is not worth a mail).
 */
export function diffPlacements(
  before: ProgramSnapshot | null,
  after: ProgramSnapshot,
): Omit<AffectedPresentation, "recipients">[] {
  const old = placementsBySubmission(before);
  const now = placementsBySubmission(after);
  const changes: Omit<AffectedPresentation, "recipients">[] = [];
  for (const [submissionId, entry] of now) {
    const previous = old.get(submissionId);
    if (!previous)
      changes.push({
        submissionId,
        title: entry.title,
        change: "added",
        before: [],
        after: entry.placements,
      });
    else if (placementKey(previous.placements) !== placementKey(entry.placements))
      changes.push({
        submissionId,
        title: entry.title,
        change: "moved",
        before: previous.placements,
        after: entry.placements,
      });
  }
  for (const [submissionId, entry] of old)
    if (!now.has(submissionId))
      changes.push({
        submissionId,
        title: entry.title,
        change: "removed",
        before: entry.placements,
        after: [],
      });
  return changes;
}
