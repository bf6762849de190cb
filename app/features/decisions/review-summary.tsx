import type { AdminSubmissionView } from "./decision-views";

const formatMean = (value: number) => String(Number(value.toFixed(2)));

const scoreText = (value: number | null, label: string | null) =>
  value === null ? "—" : label ? `${value} (${label})` : String(value);

/** Reviews submitted of assigned, the mean and spread of merit, and the reviews in full on demand. */
export function ReviewSummary({ submission }: { submission: AdminSubmissionView }) {
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
