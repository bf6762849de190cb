import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";

/** Opens or closes the call for abstracts, with an optional closing time. */
export function CallForAbstractsPanel({
  call,
}: {
  call: { isOpen: boolean; closesAtText: string | null };
}) {
  return (
    <section className="card admin-panel" aria-labelledby="call-heading">
      <h2 id="call-heading">Call for abstracts</h2>
      <p>
        The call is <strong>{call.isOpen ? "open" : "closed"}</strong>
        {call.isOpen && call.closesAtText ? `, until ${call.closesAtText}` : ""}.
      </p>
      <Form method="post" className="admin-inline-form">
        {call.isOpen ? (
          <SubmitButton
            intent="close-call"
            pendingLabel="Closing..."
            className="button button--secondary"
          >
            Close the call now
          </SubmitButton>
        ) : null}
        <div className="field">
          <label htmlFor="closes-at" className="field__label">
            Closes at (Pacific Time, optional)
          </label>
          <input id="closes-at" name="closesAt" type="datetime-local" className="field__input" />
        </div>
        <SubmitButton intent="open-call" pendingLabel="Saving...">
          {call.isOpen ? "Set closing time" : "Open the call"}
        </SubmitButton>
      </Form>
    </section>
  );
}
