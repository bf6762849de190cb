import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import {
  AbstractConflictNotes,
  LikelyConflicts,
  type LikelyConflictView,
  type UnmailedView,
} from "./review-admin-conflicts";
import { reviewPaths } from "./review-paths";

export type ReviewStatusView = "not-started" | "draft" | "submitted";

export const reviewStatusLabels: Record<ReviewStatusView, string> = {
  "not-started": "Not started",
  draft: "Draft",
  submitted: "Submitted",
};

type Person = { id: string; name: string; email: string };

export type AssignmentAbstractView = {
  submissionId: string;
  number: number;
  fileName: string;
  title: string;
  hasDecision: boolean;
  assignments: (Person & { assignmentId: string; status: ReviewStatusView })[];
  conflicts: Person[];
  likelyConflicts: LikelyConflictView[];
  unmailed: UnmailedView[];
  assignable: Person[];
};

export type AutoAssignSummaryView = {
  perAbstract: number;
  created: number;
  shortfalls: { number: number; missing: number }[];
  loads: { email: string; count: number }[];
};

export type ReviewAdminPageProps = {
  editionName: string;
  settings: {
    isOpen: boolean;
    isPeriodOpen: boolean;
    closesAtLocal: string;
    closesAtText: string | null;
    othersVisibility: "never" | "after-submitting";
    canSelfAssign: boolean;
    meritScaleText: string;
    confidenceScaleText: string;
  };
  reviewerCount: number;
  unfinished: { reviewers: number; reviews: number };
  abstracts: AssignmentAbstractView[];
  defaultPerAbstract: number;
  message?: string | null;
  fieldErrors?: Record<string, string>;
  summary?: AutoAssignSummaryView | null;
  /** A refused form's fields as sent, drawn instead of the stored ones. */
  typed?: {
    settings?: Omit<ReviewAdminPageProps["settings"], "isPeriodOpen" | "closesAtText">;
    perAbstract?: string;
  };
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const personLabel = (person: Person) =>
  person.name ? `${person.name} (${person.email})` : person.email;

export function ReviewAdminPage(props: ReviewAdminPageProps) {
  return (
    <>
      <h1>Peer review for {props.editionName}</h1>
      <FormMessage message={props.message} />
      {props.summary ? <AutoAssignSummary summary={props.summary} /> : null}
      <SettingsForm
        settings={props.settings}
        typed={props.typed?.settings}
        fieldErrors={props.fieldErrors ?? {}}
      />

      <section className="card admin-panel" aria-labelledby="auto-assign-heading">
        <h2 id="auto-assign-heading">Assign automatically</h2>
        <p>
          Gives every undecided abstract this many reviewers, choosing the least loaded reviewer
          each time and never an author or a conflict (declared, confirmed, or likely and not yet
          answered). Existing assignments stay.{" "}
          {plural(props.reviewerCount, "reviewer is", "reviewers are")} on the committee.
        </p>
        <Form method="post" action={reviewPaths.admin} className="admin-inline-form">
          <div className="field">
            <label htmlFor="per-abstract" className="field__label">
              Reviewers per abstract
            </label>
            <input
              id="per-abstract"
              name="perAbstract"
              type="number"
              min={1}
              max={10}
              required
              defaultValue={props.typed?.perAbstract ?? props.defaultPerAbstract}
              className="field__input review-admin__number"
            />
          </div>
          <SubmitButton
            intent="auto-assign"
            pendingLabel="Assigning..."
            disabled={!props.reviewerCount}
          >
            Assign automatically
          </SubmitButton>
        </Form>
      </section>

      <LikelyConflicts abstracts={props.abstracts} />

      <section className="card admin-panel" aria-labelledby="remind-heading">
        <h2 id="remind-heading">Remind reviewers</h2>
        <p>
          {props.unfinished.reviewers
            ? `${plural(props.unfinished.reviewers, "reviewer has", "reviewers have")} ${plural(props.unfinished.reviews, "unfinished review", "unfinished reviews")}. Each gets one email listing theirs by number.`
            : "Every assigned review is submitted; there is nobody to remind."}
        </p>
        <Form method="post" action={reviewPaths.admin}>
          <SubmitButton
            intent="remind"
            pendingLabel="Sending..."
            className="button button--secondary"
            disabled={!props.unfinished.reviewers}
          >
            Remind reviewers
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="assignments-heading" className="stack">
        <h2 id="assignments-heading">Assignments</h2>
        <p className="admin-count">
          {plural(props.abstracts.length, "abstract", "abstracts")}, by number. A review can be
          unassigned until it is submitted.
        </p>
        <ul className="admin-submissions">
          {props.abstracts.map((abstract) => (
            <AssignmentCard key={abstract.submissionId} abstract={abstract} />
          ))}
        </ul>
      </section>
    </>
  );
}

function AutoAssignSummary({ summary }: { summary: AutoAssignSummaryView }) {
  return (
    <section className="card admin-panel" aria-labelledby="summary-heading">
      <h2 id="summary-heading">What the automatic assignment did</h2>
      <p>
        {summary.created
          ? `Added ${plural(summary.created, "assignment", "assignments")} to reach ${plural(summary.perAbstract, "reviewer", "reviewers")} per abstract.`
          : `Nothing to add: every abstract already had ${plural(summary.perAbstract, "reviewer", "reviewers")} or nobody else could take it.`}
      </p>
      {summary.shortfalls.length ? (
        <p>
          Still short (too few reviewers without a conflict):{" "}
          {summary.shortfalls
            .map((shortfall) => `abstract ${shortfall.number} (${shortfall.missing} missing)`)
            .join(", ")}
          .
        </p>
      ) : null}
      {summary.loads.length ? (
        <>
          <h3>Assignments per reviewer</h3>
          <ul className="review-admin__loads">
            {summary.loads.map((load) => (
              <li key={load.email}>
                {load.email}: {load.count}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function SettingsForm({
  settings: stored,
  typed,
  fieldErrors,
}: {
  settings: ReviewAdminPageProps["settings"];
  typed?: NonNullable<ReviewAdminPageProps["typed"]>["settings"];
  fieldErrors: Record<string, string>;
}) {
  // The sentence above the form says what is stored; the fields show a refused form as it was sent.
  const settings = { ...stored, ...typed };
  const errorProps = (name: string) =>
    fieldErrors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  const errorText = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${name}-error`} className="field__error">
        {fieldErrors[name]}
      </p>
    ) : null;
  return (
    <section className="card admin-panel" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Review settings</h2>
      <p>
        The review period is <strong>{stored.isPeriodOpen ? "open" : "closed"}</strong>
        {stored.isPeriodOpen && stored.closesAtText
          ? `, until ${stored.closesAtText}`
          : stored.isOpen && stored.closesAtText
            ? ` (it closed at ${stored.closesAtText})`
            : ""}
        .
      </p>
      <Form method="post" action={reviewPaths.admin} className="review-admin__settings">
        <fieldset className="review-admin__fieldset">
          <legend className="field__label">Review period</legend>
          <label className="review-admin__choice">
            <input type="radio" name="period" value="open" defaultChecked={settings.isOpen} /> Open
          </label>
          <label className="review-admin__choice">
            <input type="radio" name="period" value="closed" defaultChecked={!settings.isOpen} />{" "}
            Closed: reviews are read-only
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="review-closes-at" className="field__label">
            Closes at (Pacific Time, optional)
          </label>
          <input
            id="review-closes-at"
            name="closesAt"
            type="datetime-local"
            className="field__input review-admin__datetime"
            defaultValue={settings.closesAtLocal}
            {...errorProps("closesAt")}
          />
          {errorText("closesAt")}
        </div>
        <fieldset className="review-admin__fieldset">
          <legend className="field__label">Reviewers see the others' reviews of an abstract</legend>
          <label className="review-admin__choice">
            <input
              type="radio"
              name="othersVisibility"
              value="after-submitting"
              defaultChecked={settings.othersVisibility === "after-submitting"}
            />{" "}
            After submitting their own
          </label>
          <label className="review-admin__choice">
            <input
              type="radio"
              name="othersVisibility"
              value="never"
              defaultChecked={settings.othersVisibility === "never"}
            />{" "}
            Never
          </label>
        </fieldset>
        <label className="review-admin__choice">
          <input type="checkbox" name="canSelfAssign" defaultChecked={settings.canSelfAssign} />{" "}
          Reviewers may take the next abstract with the fewest reviews themselves
        </label>
        <div className="review-admin__scales">
          <div className="field">
            <label htmlFor="merit-scale" className="field__label">
              Overall merit scale
            </label>
            <p id="merit-scale-hint" className="field__hint">
              One point a line, lowest first: a whole number, then its label.
            </p>
            <textarea
              id="merit-scale"
              name="meritScale"
              rows={6}
              className="field__input"
              defaultValue={settings.meritScaleText}
              aria-describedby={
                fieldErrors.meritScale ? "merit-scale-hint meritScale-error" : "merit-scale-hint"
              }
              aria-invalid={fieldErrors.meritScale ? true : undefined}
            />
            {errorText("meritScale")}
          </div>
          <div className="field">
            <label htmlFor="confidence-scale" className="field__label">
              Reviewer confidence scale
            </label>
            <p id="confidence-scale-hint" className="field__hint">
              One point a line, lowest first: a whole number, then its label.
            </p>
            <textarea
              id="confidence-scale"
              name="confidenceScale"
              rows={4}
              className="field__input"
              defaultValue={settings.confidenceScaleText}
              aria-describedby={
                fieldErrors.confidenceScale
                  ? "confidence-scale-hint confidenceScale-error"
                  : "confidence-scale-hint"
              }
              aria-invalid={fieldErrors.confidenceScale ? true : undefined}
            />
            {errorText("confidenceScale")}
          </div>
        </div>
        <div>
          <SubmitButton intent="save-settings" pendingLabel="Saving...">
            Save review settings
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function AssignmentCard({ abstract }: { abstract: AssignmentAbstractView }) {
  const selectId = `assign-${abstract.submissionId}`;
  return (
    <li className="card admin-submission">
      <div className="admin-submission__body">
        <h3 className="admin-submission__file">
          Abstract {abstract.number}:{" "}
          <a href={`/files/abstracts/${abstract.submissionId}`} target="_blank" rel="noopener">
            {abstract.title}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </h3>
        {abstract.hasDecision ? (
          <p className="admin-submission__meta">Decided: automatic assignment skips it.</p>
        ) : null}
        {abstract.assignments.length ? (
          <ul className="review-admin__reviewers">
            {abstract.assignments.map((assignment) => (
              <li key={assignment.assignmentId}>
                <span>
                  {personLabel(assignment)}:{" "}
                  <strong>{reviewStatusLabels[assignment.status]}</strong>
                </span>
                {assignment.status === "submitted" ? null : (
                  <Form method="post" action={reviewPaths.admin} className="review-admin__unassign">
                    <input type="hidden" name="assignmentId" value={assignment.assignmentId} />
                    <button
                      type="submit"
                      name="intent"
                      value="unassign"
                      className="admin-link-button"
                    >
                      Unassign
                      <span className="visually-hidden">
                        {" "}
                        {assignment.email} from abstract {abstract.number}
                      </span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>No reviewers yet.</p>
        )}
        {abstract.conflicts.length ? (
          <p className="admin-submission__meta">
            Declared conflicts: {abstract.conflicts.map(personLabel).join(", ")}
          </p>
        ) : null}
        <AbstractConflictNotes abstract={abstract} />
      </div>
      {abstract.assignable.length ? (
        <Form method="post" action={reviewPaths.admin} className="admin-submission__actions">
          <input type="hidden" name="submissionId" value={abstract.submissionId} />
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              Assign a reviewer
              <span className="visually-hidden"> to abstract {abstract.number}</span>
            </label>
            <select id={selectId} name="reviewerId" className="field__input" required>
              {abstract.assignable.map((reviewer) => (
                <option key={reviewer.id} value={reviewer.id}>
                  {personLabel(reviewer)}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton intent="assign" pendingLabel="Assigning...">
            Assign<span className="visually-hidden"> to abstract {abstract.number}</span>
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}
