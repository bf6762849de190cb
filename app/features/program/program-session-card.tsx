import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { ProgramActionData, SessionView, SlotView, UnplacedView } from "./program-admin-view";
import { SessionForm } from "./program-session-form";

/** One session: its warnings, its presentations in order, what can be placed in it, and its form. */
export function SessionCard({
  session,
  unplaced,
  action,
}: {
  session: SessionView;
  unplaced: UnplacedView[];
  action?: ProgramActionData;
}) {
  const headingId = `session-${session.id}-heading`;
  const candidates = unplaced.filter((each) => each.format === session.holds);
  return (
    <article className="program-admin__session" aria-labelledby={headingId}>
      <h3 id={headingId} className="program-admin__session-title">
        <span className="program-admin__time">{session.timeText}</span> {session.title}
      </h3>
      <p className="admin-submission__meta">
        {session.kindLabel}
        {session.room ? ` · ${session.room}` : " · No room"}
        {session.chair ? ` · Chair: ${session.chair}` : ""}
        {session.contentEndsText ? ` · Last talk ends ${session.contentEndsText}` : ""}
      </p>
      {session.warnings.length ? (
        <ul
          className="program-admin__session-warnings"
          aria-label={`Warnings for ${session.title}`}
        >
          {session.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {session.holds ? (
        <>
          {session.slots.length ? (
            <ol className="program-admin__slots">
              {session.slots.map((slot, index) => (
                <SlotRow
                  key={slot.slotId}
                  slot={slot}
                  isFirst={index === 0}
                  isLast={index === session.slots.length - 1}
                />
              ))}
            </ol>
          ) : (
            <p>No {session.holds === "talk" ? "talks" : "posters"} placed yet.</p>
          )}
          {candidates.length ? (
            <Form method="post" className="admin-inline-form program-admin__place">
              <input type="hidden" name="sessionId" value={session.id} />
              <div className="field">
                <label className="field__label" htmlFor={`place-${session.id}`}>
                  Add a confirmed {session.holds}
                  <span className="visually-hidden"> to {session.title}</span>
                </label>
                <select id={`place-${session.id}`} name="submissionId" className="field__input">
                  {candidates.map((each) => (
                    <option key={each.submissionId} value={each.submissionId}>
                      {each.number}. {each.label} ({each.presenters})
                    </option>
                  ))}
                </select>
              </div>
              <SubmitButton intent="place" pendingLabel="Placing...">
                Place it<span className="visually-hidden"> in {session.title}</span>
              </SubmitButton>
            </Form>
          ) : (
            <p className="admin-submission__meta">Every confirmed {session.holds} is placed.</p>
          )}
        </>
      ) : null}
      <details className="program-admin__edit" open={Boolean(action)}>
        <summary>
          Edit or delete<span className="visually-hidden"> {session.title}</span>
        </summary>
        <SessionForm
          // Saved values replace what was typed; a refused form keeps it.
          key={JSON.stringify(action?.values ?? session)}
          prefix={session.id}
          sessionId={session.id}
          values={action?.values ?? session}
          fieldErrors={action?.fieldErrors}
          intent="update-session"
          submitLabel="Save the session"
          pendingLabel="Saving..."
        />
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="sessionId" value={session.id} />
          <SubmitButton
            intent="delete-session"
            pendingLabel="Deleting..."
            className="button button--secondary program-admin__delete"
          >
            Delete<span className="visually-hidden"> {session.title}</span>
          </SubmitButton>
          {session.slots.length ? (
            <span className="admin-submission__meta">Its presentations become unplaced.</span>
          ) : null}
        </Form>
      </details>
    </article>
  );
}

function SlotRow({ slot, isFirst, isLast }: { slot: SlotView; isFirst: boolean; isLast: boolean }) {
  const name = `abstract ${slot.number}`;
  return (
    <li className="program-admin__slot">
      <div className="program-admin__slot-body">
        {slot.timeText ? <span className="program-admin__time">{slot.timeText}</span> : null}{" "}
        <strong>
          {slot.number}. {slot.label}
        </strong>
        <br />
        <span className="admin-submission__meta">
          {slot.presenters}
          {slot.problem ? ` · ${slot.problem}` : ""}
          {slot.format === "talk" && slot.minutes !== null ? ` · ${slot.minutes} minutes` : ""}
        </span>
      </div>
      <div className="program-admin__slot-actions">
        <Form method="post" className="program-admin__buttons">
          <input type="hidden" name="slotId" value={slot.slotId} />
          <SubmitButton
            intent="move-up"
            pendingLabel="Moving..."
            className="button button--secondary"
            disabled={isFirst}
          >
            Up<span className="visually-hidden">: move {name} earlier</span>
          </SubmitButton>
          <SubmitButton
            intent="move-down"
            pendingLabel="Moving..."
            className="button button--secondary"
            disabled={isLast}
          >
            Down<span className="visually-hidden">: move {name} later</span>
          </SubmitButton>
          <SubmitButton
            intent="unplace"
            pendingLabel="Removing..."
            className="button button--secondary"
          >
            Remove<span className="visually-hidden"> {name} from the session</span>
          </SubmitButton>
        </Form>
        {slot.format === "talk" ? (
          <Form method="post" className="program-admin__buttons">
            <input type="hidden" name="slotId" value={slot.slotId} />
            <label className="visually-hidden" htmlFor={`minutes-${slot.slotId}`}>
              Minutes for {name} (empty for the default)
            </label>
            <input
              id={`minutes-${slot.slotId}`}
              name="minutes"
              type="number"
              min={1}
              max={600}
              inputMode="numeric"
              className="field__input program-admin__minutes"
              defaultValue={slot.minutes ?? ""}
              placeholder="default"
            />
            <SubmitButton
              intent="set-minutes"
              pendingLabel="Saving..."
              className="button button--secondary"
            >
              Set length<span className="visually-hidden"> of {name}</span>
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </li>
  );
}
