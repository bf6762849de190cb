import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import type { Attendance } from "~/lib/db/schema";

export type PresenterRowView = {
  id: string;
  number: number;
  label: string;
  fileName: string;
  formatText: string;
  authors: string[];
  submitterName: string;
  submitterEmail: string;
  attendance: Attendance | null;
  attendanceAtText: string | null;
  remindedAtText: string | null;
  promotedAtText: string | null;
  /** After the confirm-by date: whether an admin reopened this presenter's answer. */
  isReopened: boolean;
};

export type PresentersAdminPageProps = {
  editionName: string;
  dates: {
    confirmByText: string;
    materialsDueText: string;
    confirmByLocal: string;
    materialsDueLocal: string;
    confirmByIsDefault: boolean;
    materialsDueIsDefault: boolean;
    isConfirmOpen: boolean;
  };
  accepted: PresenterRowView[];
  alternates: PresenterRowView[];
  waitingToRemind: number;
  message?: string | null;
  fieldErrors?: Partial<Record<"confirmBy" | "materialsDue", string>>;
};

const attendanceLabels: Record<Attendance | "waiting", string> = {
  confirmed: "Confirmed",
  declined: "Declined",
  waiting: "Waiting",
};

export function PresentersAdminPage(props: PresentersAdminPageProps) {
  const counts = { confirmed: 0, declined: 0, waiting: 0 };
  for (const row of props.accepted) counts[row.attendance ?? "waiting"] += 1;
  return (
    <>
      <h1>Presenters for {props.editionName}</h1>
      <FormMessage message={props.message} />

      <section className="card admin-panel" aria-labelledby="answers-heading">
        <h2 id="answers-heading">Accepted abstracts</h2>
        <p>
          {counts.confirmed} confirmed · {counts.declined} declined · {counts.waiting} waiting.
          Presenters answer by {props.dates.confirmByText}
          {props.dates.isConfirmOpen ? "." : " (passed: answers are frozen unless you reopen one)."}
        </p>
        <Form method="post" className="admin-inline-form">
          <SubmitButton
            intent="remind"
            pendingLabel="Sending..."
            disabled={!props.waitingToRemind || !props.dates.isConfirmOpen}
          >
            Send a reminder to everyone waiting
          </SubmitButton>
          <span className="admin-submission__meta">
            {props.waitingToRemind
              ? `${props.waitingToRemind} waiting ${props.waitingToRemind === 1 ? "abstract has" : "abstracts have"} not been reminded yet; each is reminded once.`
              : "Nobody waiting is left to remind."}
          </span>
        </Form>
        {props.accepted.length ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          <section className="admin-table-wrap" aria-label="Answers per abstract" tabIndex={0}>
            <table className="admin-table">
              <caption className="visually-hidden">Accepted abstracts and their answers</caption>
              <thead>
                <tr>
                  <th scope="col">Abstract</th>
                  <th scope="col">Format</th>
                  <th scope="col">Presenter(s)</th>
                  <th scope="col">Attendance</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.accepted.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      {row.number}. {row.label}
                    </th>
                    <td>{row.formatText}</td>
                    <td>
                      {(row.authors.length ? row.authors : [row.submitterName]).join(", ")}
                      <br />
                      <span className="admin-submission__meta">{row.submitterEmail}</span>
                    </td>
                    <td>
                      <strong>{attendanceLabels[row.attendance ?? "waiting"]}</strong>
                      {row.attendanceAtText ? ` (${row.attendanceAtText})` : ""}
                      {row.remindedAtText ? (
                        <>
                          <br />
                          <span className="admin-submission__meta">
                            Reminded {row.remindedAtText}
                          </span>
                        </>
                      ) : null}
                      {row.promotedAtText ? (
                        <>
                          <br />
                          <span className="admin-submission__meta">
                            Promoted {row.promotedAtText}
                          </span>
                        </>
                      ) : null}
                      {row.isReopened ? (
                        <>
                          <br />
                          <span className="admin-submission__meta">Reopened</span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      {!props.dates.isConfirmOpen && !row.isReopened ? (
                        <Form method="post">
                          <input type="hidden" name="submissionId" value={row.id} />
                          <SubmitButton
                            intent="reopen"
                            pendingLabel="Reopening..."
                            className="button button--secondary"
                          >
                            Reopen
                            <span className="visually-hidden">
                              {" "}
                              the answer for abstract {row.number}
                            </span>
                          </SubmitButton>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : (
          <p>No accepted abstracts have been released yet.</p>
        )}
      </section>

      <section className="card admin-panel" aria-labelledby="alternates-heading">
        <h2 id="alternates-heading">Alternates (waiting list)</h2>
        {props.alternates.length ? (
          <>
            <p>
              Promoting accepts the abstract at once: its authors get the acceptance email and
              answer on their congratulations page like everyone else.
            </p>
            <ul className="admin-submissions">
              {props.alternates.map((row) => (
                <li key={row.id} className="admin-alternate">
                  <h3 className="admin-alternate__title">
                    {row.number}. {row.label}
                  </h3>
                  <p>
                    {(row.authors.length ? row.authors : [row.submitterName]).join(", ")} ·{" "}
                    {row.submitterEmail}
                  </p>
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="submissionId" value={row.id} />
                    <fieldset className="admin-submission__buttons">
                      <legend className="field__label">
                        Promote
                        <span className="visually-hidden"> abstract {row.number}</span> as
                      </legend>
                      <label className="review-admin__choice">
                        <input type="radio" name="acceptedAs" value="talk" defaultChecked /> Talk
                      </label>
                      <label className="review-admin__choice">
                        <input type="radio" name="acceptedAs" value="poster" /> Poster
                      </label>
                    </fieldset>
                    <SubmitButton intent="promote" pendingLabel="Promoting...">
                      Promote<span className="visually-hidden"> abstract {row.number}</span>
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>There are no alternates waiting.</p>
        )}
      </section>

      <DatesForm dates={props.dates} fieldErrors={props.fieldErrors ?? {}} />
    </>
  );
}

function DatesForm({
  dates,
  fieldErrors,
}: {
  dates: PresentersAdminPageProps["dates"];
  fieldErrors: NonNullable<PresentersAdminPageProps["fieldErrors"]>;
}) {
  const field = (
    name: "confirmBy" | "materialsDue",
    label: string,
    value: string,
    isDefault: boolean,
  ) => (
    <div className="field">
      <label htmlFor={`presenter-${name}`} className="field__label">
        {label} (Pacific Time)
      </label>
      <p id={`presenter-${name}-hint`} className="field__hint">
        {isDefault
          ? "The date in the edition's content. Change it to move it."
          : "Moved by an admin. Empty it to go back to the content's date."}
      </p>
      <input
        id={`presenter-${name}`}
        name={name}
        type="datetime-local"
        className="field__input review-admin__datetime"
        defaultValue={value}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={
          fieldErrors[name] ? `presenter-${name}-hint ${name}-error` : `presenter-${name}-hint`
        }
      />
      {fieldErrors[name] ? (
        <p id={`${name}-error`} className="field__error">
          {fieldErrors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <section className="card admin-panel" aria-labelledby="dates-heading">
      <h2 id="dates-heading">Presenter dates</h2>
      <p>
        Confirm or decline by {dates.confirmByText}. Final materials by {dates.materialsDueText}.
      </p>
      <Form method="post" className="review-admin__settings">
        {field(
          "confirmBy",
          "Confirm or decline by",
          dates.confirmByLocal,
          dates.confirmByIsDefault,
        )}
        {field(
          "materialsDue",
          "Final materials due",
          dates.materialsDueLocal,
          dates.materialsDueIsDefault,
        )}
        <SubmitButton intent="save-dates" pendingLabel="Saving...">
          Save the dates
        </SubmitButton>
      </Form>
    </section>
  );
}
