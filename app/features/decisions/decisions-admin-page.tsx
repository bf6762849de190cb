import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import type { AuthorView } from "~/features/submissions/submission-details";
import type { PresentationFormat, SubmissionDecision } from "~/lib/db/schema";
import {
  type DecisionSort,
  type DecisionsQuery,
  decisionSorts,
  decisionsHref,
  type ReviewFilter,
  reviewFilters,
  type SubmissionFilter,
  submissionFilters,
} from "./decision-filters";
import { MeritChart } from "./merit-chart";
import type { MeritDistribution } from "./merit-distribution";

export type AdminReviewView = {
  reviewerName: string;
  reviewerEmail: string;
  merit: number | null;
  meritLabel: string | null;
  confidence: number | null;
  confidenceLabel: string | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
  submittedAtText: string;
};

export type AdminSubmissionView = {
  id: string;
  number: number;
  review: {
    assigned: number;
    submitted: number;
    meanMerit: number | null;
    meritSpread: number | null;
    isStrongDisagreement: boolean;
    reviews: AdminReviewView[];
  };
  authorName: string;
  email: string;
  fileName: string;
  /** The title, or the file name before titles existed. */
  title: string;
  formatLabel: string;
  authors: AuthorView[];
  uploadedAtText: string;
  wordCount: number;
  warnings: string[];
  decision: SubmissionDecision | null;
  acceptedAs: PresentationFormat | null;
  decisionNote: string | null;
  isReleased: boolean;
};

export type DecisionsAdminPageProps = {
  editionName: string;
  query: DecisionsQuery;
  distribution: MeritDistribution;
  submissions: AdminSubmissionView[];
  stagedCount: number;
  call: { isOpen: boolean; closesAtText: string | null };
  message?: string | null;
};

const filterLabels: Record<SubmissionFilter, string> = {
  all: "All",
  undecided: "Undecided",
  staged: "Decided, not released",
  accepted: "Accepted",
  alternate: "Alternates",
  rejected: "Rejected",
};

const reviewFilterLabels: Record<ReviewFilter, string> = {
  any: "Any",
  unassigned: "No reviewers",
  outstanding: "Reviews outstanding",
  complete: "All reviews in",
};

const sortLabels: Record<DecisionSort, string> = {
  number: "Abstract number",
  merit: "Mean merit, highest first",
};

const formatMean = (value: number) => String(Number(value.toFixed(2)));

const scoreText = (value: number | null, label: string | null) =>
  value === null ? "—" : label ? `${value} (${label})` : String(value);

function statusText(submission: AdminSubmissionView): string {
  if (!submission.decision) return "Undecided";
  const decision =
    submission.decision === "accepted"
      ? submission.acceptedAs
        ? `Accepted as a ${submission.acceptedAs}`
        : "Accepted"
      : submission.decision === "alternate"
        ? "Alternate"
        : "Rejected";
  return submission.isReleased ? `${decision}, released` : `${decision}, not released yet`;
}

export function DecisionsAdminPage(props: DecisionsAdminPageProps) {
  return (
    <>
      <h1>Submissions for {props.editionName}</h1>
      <FormMessage message={props.message} />

      <section className="card admin-panel" aria-labelledby="call-heading">
        <h2 id="call-heading">Call for abstracts</h2>
        <p>
          The call is <strong>{props.call.isOpen ? "open" : "closed"}</strong>
          {props.call.isOpen && props.call.closesAtText ? `, until ${props.call.closesAtText}` : ""}
          .
        </p>
        <Form method="post" className="admin-inline-form">
          {props.call.isOpen ? (
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
            {props.call.isOpen ? "Set closing time" : "Open the call"}
          </SubmitButton>
        </Form>
      </section>

      <section className="card admin-panel" aria-labelledby="release-heading">
        <h2 id="release-heading">Release decisions</h2>
        <p>
          {props.stagedCount
            ? `${props.stagedCount} ${props.stagedCount === 1 ? "decision is" : "decisions are"} waiting. Releasing shows them to the authors and emails each author once.`
            : "No decisions are waiting to be released."}
        </p>
        <Form method="post" className="admin-panel">
          <label className="review-admin__choice">
            <input type="checkbox" name="includeReviewComments" />
            Include the reviewers' comments to the authors in the emails (never the comments to the
            committee, never who reviewed)
          </label>
          <SubmitButton intent="release" pendingLabel="Releasing..." disabled={!props.stagedCount}>
            Release {props.stagedCount || ""} {props.stagedCount === 1 ? "decision" : "decisions"}
          </SubmitButton>
        </Form>
      </section>

      <section className="card admin-panel" aria-labelledby="distribution-heading">
        <h2 id="distribution-heading">Where the reviews put the abstracts</h2>
        <MeritChart distribution={props.distribution} />
      </section>

      <div className="admin-toolbar admin-toolbar--stacked">
        <FilterLinks
          label="Filter submissions"
          visibleLabel="Decision"
          options={submissionFilters}
          labels={filterLabels}
          current={props.query.status}
          hrefFor={(status) => decisionsHref(props.query, { status })}
        />
        <FilterLinks
          label="Filter by reviews"
          visibleLabel="Reviews"
          options={reviewFilters}
          labels={reviewFilterLabels}
          current={props.query.reviews}
          hrefFor={(reviews) => decisionsHref(props.query, { reviews })}
        />
        <FilterLinks
          label="Sort submissions"
          visibleLabel="Sort by"
          options={decisionSorts}
          labels={sortLabels}
          current={props.query.sort}
          hrefFor={(sort) => decisionsHref(props.query, { sort })}
        />
        <div className="admin-downloads">
          <a className="button button--secondary" href="/user-data/export/submissions.csv" download>
            Download submissions (CSV)
          </a>
          <a className="button button--secondary" href="/user-data/export/reviews.csv" download>
            Download reviews (CSV)
          </a>
        </div>
      </div>

      <p role="status" className="admin-count">
        {props.submissions.length} {props.submissions.length === 1 ? "submission" : "submissions"}
        {describeQuery(props.query)}.
      </p>
      <ul className="admin-submissions">
        {props.submissions.map((submission) => (
          <li key={submission.id} className="card admin-submission">
            <div className="admin-submission__body">
              <h2 className="admin-submission__file">
                Abstract {submission.number}:{" "}
                <a href={`/files/abstracts/${submission.id}`} target="_blank" rel="noopener">
                  {submission.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </h2>
              <p>
                Submitted by {submission.authorName || "—"} · {submission.email}
              </p>
              <ol
                className="admin-submission__authors"
                aria-label={`Authors of abstract ${submission.number}`}
              >
                {submission.authors.map((author) => (
                  <li key={author.position}>
                    {author.name}
                    {author.affiliation ? `, ${author.affiliation}` : ""}
                    {author.email && author.position > 0 ? ` · ${author.email}` : ""}
                    {author.isPresenter ? <strong> (presenting)</strong> : null}
                  </li>
                ))}
              </ol>
              <p className="admin-submission__meta">
                Preferred format: {submission.formatLabel} · file {submission.fileName}
              </p>
              <p className="admin-submission__meta">
                Uploaded {submission.uploadedAtText} · about {submission.wordCount} words
              </p>
              {submission.warnings.length ? (
                <ul className="admin-submission__warnings">
                  {submission.warnings.map((warning) => (
                    <li key={warning}>{warning}</li>
                  ))}
                </ul>
              ) : null}
              <ReviewSummary submission={submission} />
              <p>
                Status: <strong>{statusText(submission)}</strong>
                {submission.decisionNote ? ` · Note: ${submission.decisionNote}` : ""}
              </p>
            </div>
            {submission.isReleased ? null : (
              <Form method="post" className="admin-submission__actions">
                <input type="hidden" name="submissionId" value={submission.id} />
                {submission.decision ? (
                  <SubmitButton
                    intent="undo"
                    pendingLabel="Undoing..."
                    className="button button--secondary"
                  >
                    Undo
                    <span className="visually-hidden"> the decision on {submission.title}</span>
                  </SubmitButton>
                ) : (
                  <>
                    <div className="field">
                      <label htmlFor={`note-${submission.id}`} className="field__label">
                        Note (optional)
                      </label>
                      <input
                        id={`note-${submission.id}`}
                        name="note"
                        className="field__input"
                        maxLength={1000}
                      />
                    </div>
                    <fieldset className="admin-submission__buttons">
                      <legend className="field__label">Decision</legend>
                      <SubmitButton intent="accept-talk" pendingLabel="Saving...">
                        Accept as talk
                        <span className="visually-hidden"> {submission.title}</span>
                      </SubmitButton>
                      <SubmitButton intent="accept-poster" pendingLabel="Saving...">
                        Accept as poster
                        <span className="visually-hidden"> {submission.title}</span>
                      </SubmitButton>
                      <SubmitButton
                        intent="alternate"
                        pendingLabel="Saving..."
                        className="button button--secondary"
                      >
                        Alternate<span className="visually-hidden"> {submission.title}</span>
                      </SubmitButton>
                      <SubmitButton
                        intent="reject"
                        pendingLabel="Saving..."
                        className="button button--secondary"
                      >
                        Reject<span className="visually-hidden"> {submission.title}</span>
                      </SubmitButton>
                    </fieldset>
                  </>
                )}
              </Form>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function describeQuery(query: DecisionsQuery): string {
  const parts = [
    query.status === "all" ? "" : filterLabels[query.status].toLowerCase(),
    query.reviews === "any" ? "" : reviewFilterLabels[query.reviews].toLowerCase(),
  ].filter(Boolean);
  return `${parts.length ? ` (${parts.join("; ")})` : ""}${query.sort === "merit" ? ", highest mean merit first" : ""}`;
}

function FilterLinks<T extends string>(props: {
  label: string;
  visibleLabel: string;
  options: readonly T[];
  labels: Record<T, string>;
  current: T;
  hrefFor: (option: T) => string;
}) {
  return (
    <nav aria-label={props.label} className="admin-filters">
      <span className="admin-filters__label" aria-hidden="true">
        {props.visibleLabel}:
      </span>
      <ul>
        {props.options.map((option) => (
          <li key={option}>
            <Link
              to={props.hrefFor(option)}
              className="admin-filters__link"
              aria-current={props.current === option ? "page" : undefined}
            >
              {props.labels[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Reviews submitted of assigned, the mean and spread of merit, and the reviews in full on demand. */
function ReviewSummary({ submission }: { submission: AdminSubmissionView }) {
  const { review } = submission;
  if (!review.assigned && !review.submitted) return <p>Reviews: no reviewers assigned.</p>;
  return (
    <>
      <p className="admin-review-summary">
        <span>
          Reviews: {review.submitted} of {review.assigned} submitted
        </span>
        {review.meanMerit !== null ? (
          <>
            <span>Mean merit {formatMean(review.meanMerit)}</span>
            <span>Spread {review.meritSpread}</span>
          </>
        ) : null}
        {review.isStrongDisagreement ? (
          <strong className="admin-flag">Strong disagreement</strong>
        ) : null}
      </p>
      {review.reviews.length ? (
        <details className="admin-reviews">
          <summary>
            Read the {review.reviews.length === 1 ? "review" : `${review.reviews.length} reviews`}
            <span className="visually-hidden"> of abstract {submission.number}</span>
          </summary>
          <ol className="admin-reviews__list">
            {review.reviews.map((each) => (
              <li key={`${each.reviewerEmail}-${each.submittedAtText}`} className="admin-review">
                <h3 className="admin-review__by">
                  {each.reviewerName || each.reviewerEmail}{" "}
                  <span className="admin-submission__meta">
                    ({each.reviewerEmail}, submitted {each.submittedAtText})
                  </span>
                </h3>
                <dl className="admin-review__fields">
                  <dt>Overall merit</dt>
                  <dd>{scoreText(each.merit, each.meritLabel)}</dd>
                  <dt>Confidence</dt>
                  <dd>{scoreText(each.confidence, each.confidenceLabel)}</dd>
                  <dt>Comments to the authors</dt>
                  <dd className="admin-review__text">{each.commentsToAuthors || "—"}</dd>
                  <dt>Comments to the committee only</dt>
                  <dd className="admin-review__text">{each.commentsToCommittee || "—"}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </>
  );
}
