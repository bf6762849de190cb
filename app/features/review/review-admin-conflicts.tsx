import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import { reviewPaths } from "./review-paths";

// The review admin page's conflict parts: the likely conflicts waiting for an answer, and on each
// abstract's card the confirmed ones and the co-author addresses that are not mailed.

type Person = { id: string; name: string; email: string };

export type LikelyConflictView = Person & { reason: string; resolution: "confirmed" | null };

export type UnmailedView = { email: string; name: string; reason: string };

type ConflictAbstract = {
  submissionId: string;
  number: number;
  likelyConflicts: LikelyConflictView[];
  unmailed: UnmailedView[];
};

const personLabel = (person: Person) =>
  person.name ? `${person.name} (${person.email})` : person.email;

/**
 * Every likely conflict no admin has answered yet, with its reason. Until answered, the reviewer is
 * neither assigned automatically nor offered for the abstract.
 */
export function LikelyConflicts({ abstracts }: { abstracts: ConflictAbstract[] }) {
  const waiting = abstracts.flatMap((abstract) =>
    abstract.likelyConflicts
      .filter((conflict) => conflict.resolution === null)
      .map((conflict) => ({ abstract, conflict })),
  );
  return (
    <section className="card admin-panel" aria-labelledby="likely-conflicts-heading">
      <h2 id="likely-conflicts-heading">Likely conflicts</h2>
      {waiting.length ? (
        <>
          <p>
            Found from what submitters typed (names like a reviewer’s, a reviewer’s address). Until
            you answer, the reviewer is not assigned that abstract. Confirm: they never review it
            (and are unassigned). Dismiss: they may review it, and it is not shown again.
          </p>
          <ul className="review-admin__likely">
            {waiting.map(({ abstract, conflict }) => (
              <li
                key={`${abstract.submissionId}-${conflict.id}`}
                className="review-admin__conflict"
              >
                <p>
                  <strong>Abstract {abstract.number}</strong>, {personLabel(conflict)}:{" "}
                  {conflict.reason}.
                </p>
                <Form method="post" action={reviewPaths.admin} className="admin-inline-form">
                  <input type="hidden" name="submissionId" value={abstract.submissionId} />
                  <input type="hidden" name="reviewerId" value={conflict.id} />
                  <SubmitButton intent="confirm-conflict" pendingLabel="Confirming...">
                    Confirm conflict
                    <span className="visually-hidden">
                      {" "}
                      of {conflict.email} with abstract {abstract.number}
                    </span>
                  </SubmitButton>
                  <SubmitButton
                    intent="dismiss-conflict"
                    pendingLabel="Dismissing..."
                    className="button button--secondary"
                  >
                    Dismiss
                    <span className="visually-hidden">
                      {" "}
                      the likely conflict of {conflict.email} with abstract {abstract.number}
                    </span>
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>No likely conflict is waiting for an answer.</p>
      )}
    </section>
  );
}

/** On an abstract's card: its confirmed likely conflicts, and who is not mailed about it. */
export function AbstractConflictNotes({ abstract }: { abstract: ConflictAbstract }) {
  const confirmed = abstract.likelyConflicts.filter(
    (conflict) => conflict.resolution === "confirmed",
  );
  return (
    <>
      {confirmed.length ? (
        <p className="admin-submission__meta">
          Confirmed conflicts: {confirmed.map(personLabel).join(", ")}
        </p>
      ) : null}
      {abstract.unmailed.length ? (
        <p className="admin-submission__meta">
          Not mailed: {abstract.unmailed.map((each) => `${each.email} (${each.reason})`).join(", ")}
        </p>
      ) : null}
    </>
  );
}
