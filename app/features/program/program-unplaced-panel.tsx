import type { UnplacedView } from "./program-admin-view";

/** The confirmed presentations that no session holds yet. */
export function UnplacedPanel({ unplaced }: { unplaced: UnplacedView[] }) {
  return (
    <section className="card admin-panel" aria-labelledby="program-unplaced-heading">
      <h2 id="program-unplaced-heading">Confirmed presentations not yet placed</h2>
      {unplaced.length ? (
        <ul className="program-admin__unplaced">
          {unplaced.map((each) => (
            <li key={each.submissionId}>
              {each.number}. {each.label} · {each.format === "talk" ? "Talk" : "Poster"} ·{" "}
              {each.presenters}
            </li>
          ))}
        </ul>
      ) : (
        <p>Every confirmed presentation has a place in the program.</p>
      )}
    </section>
  );
}
