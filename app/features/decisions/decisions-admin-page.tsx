import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import type { WaitingMail } from "~/features/mail-log/mail-log-views";
import { WaitingDecisionMailNotice } from "~/features/mail-log/mail-notices";
import { CallForAbstractsPanel } from "./call-for-abstracts-panel";
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
import { DecisionForm } from "./decision-form";
import type { AdminSubmissionView } from "./decision-views";
import { MeritChart } from "./merit-chart";
import type { MeritDistribution } from "./merit-distribution";
import type { ReleaseDatesView } from "./release-dates.server";
import { ReleasePanel } from "./release-panel";
import { ReviewSummary } from "./review-summary";

export type DecisionsAdminPageProps = {
  editionName: string;
  query: DecisionsQuery;
  distribution: MeritDistribution;
  submissions: AdminSubmissionView[];
  stagedCount: number;
  /** Released decisions whose mails are still in the outbox (and why, when the mail server is why). */
  waitingDecisionMail: WaitingMail;
  /** The presenter dates the acceptance mails give; null when the edition has none. */
  releaseDates: ReleaseDatesView | null;
  call: { isOpen: boolean; closesAtText: string | null };
  message?: string | null;
  /** A refused release, said in the release form. */
  releaseMessage?: string | null;
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

      <CallForAbstractsPanel call={props.call} />

      <WaitingDecisionMailNotice waiting={props.waitingDecisionMail} />
      <ReleasePanel
        stagedCount={props.stagedCount}
        dates={props.releaseDates}
        message={props.releaseMessage ?? null}
      />

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
            <DecisionForm submission={submission} />
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
