import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { ConflictSection, DeclarationGate } from "./review-conflict-sections";
import { reviewPaths } from "./review-paths";
import { type Notice, NoticeMessage, statusLabels } from "./review-queue-page";
import type { ScalePoint } from "./review-settings";
import type { ReviewStatus } from "./review-status";
import "./review.css";

export type ReviewValues = {
  merit: number | null;
  confidence: number | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
};

export type ShownReview = ReviewValues & {
  meritLabel: string | null;
  confidenceLabel: string | null;
};

export type OthersView =
  | { isVisible: true; reviews: (ShownReview & { label: string })[] }
  | { isVisible: false; reason: "never" | "submit-first" };

export type ReviewAbstractView = {
  number: number;
  /** The authors' title ('' on abstracts from before titles): never a name. */
  title: string;
  pageCount: number;
  wordCount: number;
  /** Sentences for the reviewer about the guideline checks (length, a name found in the PDF). */
  warningTexts: string[];
  status: ReviewStatus;
  ownReview: (ShownReview & { updatedAtText: string; submittedAtText: string | null }) | null;
  canEdit: boolean;
  deadlineText: string | null;
  meritScale: ScalePoint[];
  confidenceScale: ScalePoint[];
  others: OthersView;
  /** The reviewer declared no conflict of interest with it: the PDF opens only after that. */
  hasDeclaredNoConflict: boolean;
};

export function ReviewAbstractPage(props: {
  view: ReviewAbstractView;
  notice: Notice | null;
  /** What the reviewer last sent, kept when it could not be saved. */
  values: ReviewValues | null;
  isConfirmingConflict: boolean;
  maxCommentLength: number;
}) {
  const { view } = props;
  const values = props.values ?? view.ownReview;
  const canDeclareConflict = view.canEdit && view.status !== "submitted";
  // The conflict buttons send the review form, when there is one (review-conflict-sections.tsx).
  const reviewFormId = view.canEdit ? reviewFormElementId : undefined;
  return (
    <section className="section">
      <div className="container review stack">
        <p className="review-back">
          <Link to={reviewPaths.queue}>← All your abstracts</Link>
        </p>
        <h1>
          Abstract {view.number}
          {view.title ? `: ${view.title}` : ""}
        </h1>
        {props.notice ? <NoticeMessage notice={props.notice} /> : null}
        <p className={`review-status review-status--${view.status}`}>
          Your review: <strong>{statusLabels[view.status]}</strong>
          {view.ownReview ? ` · last saved ${view.ownReview.updatedAtText}` : null}
        </p>
        <div className="review-facts card">
          <p>
            {view.pageCount} {view.pageCount === 1 ? "page" : "pages"} · about {view.wordCount}{" "}
            words (not counting references)
          </p>
          {view.warningTexts.length ? (
            <ul className="review-facts__warnings">
              {view.warningTexts.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : null}
          {view.hasDeclaredNoConflict ? (
            <p>
              <a
                className="button button--secondary"
                href={reviewPaths.file(view.number)}
                target="_blank"
                rel="noopener"
              >
                Open abstract {view.number} (PDF)
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          ) : null}
        </div>
        {view.hasDeclaredNoConflict ? (
          <iframe
            className="review-pdf"
            src={reviewPaths.file(view.number)}
            title={`Abstract ${view.number} (PDF)`}
            loading="lazy"
          />
        ) : (
          <>
            <DeclarationGate
              number={view.number}
              canDeclareConflict={canDeclareConflict && !props.isConfirmingConflict}
              reviewFormId={reviewFormId}
            />
            {/* "I have a conflict" asks for the confirmation right under the question. */}
            {canDeclareConflict && props.isConfirmingConflict ? (
              <ConflictSection number={view.number} isConfirming reviewFormId={reviewFormId} />
            ) : null}
          </>
        )}

        {view.canEdit ? (
          <ReviewForm view={view} values={values} maxCommentLength={props.maxCommentLength} />
        ) : (
          <ClosedReview view={view} />
        )}

        <OthersReviews others={view.others} />

        {canDeclareConflict && view.hasDeclaredNoConflict ? (
          <ConflictSection
            number={view.number}
            isConfirming={props.isConfirmingConflict}
            reviewFormId={reviewFormId}
          />
        ) : null}
      </div>
    </section>
  );
}

const reviewFormElementId = "review-form";

function ReviewForm(props: {
  view: ReviewAbstractView;
  values: ReviewValues | null;
  maxCommentLength: number;
}) {
  const { view, values } = props;
  const isSubmitted = view.status === "submitted";
  return (
    // One form per abstract: "Submit and next" opens the next abstract's own fields. A save redirects
    // to this page, so after it the form shows what was stored.
    <Form
      method="post"
      action={reviewPaths.abstract(view.number)}
      className="review-form card"
      key={view.number}
      id={reviewFormElementId}
    >
      <h2>Your review</h2>
      <p className="review-form__hint">
        {view.deadlineText
          ? `You can change it until the review period closes, ${view.deadlineText}.`
          : "You can change it while the review period is open."}{" "}
        Drafts are seen by nobody but you.
      </p>
      <ScaleField
        name="merit"
        legend="Overall merit"
        scale={view.meritScale}
        value={values?.merit ?? null}
      />
      <ScaleField
        name="confidence"
        legend="Your confidence"
        scale={view.confidenceScale}
        value={values?.confidence ?? null}
      />
      <div className="field">
        <label htmlFor="commentsToAuthors">Comments to the authors</label>
        <p className="field__hint" id="commentsToAuthors-hint">
          May be sent to the authors with the decision, without your name.
        </p>
        <textarea
          id="commentsToAuthors"
          name="commentsToAuthors"
          rows={8}
          className="field__input"
          maxLength={props.maxCommentLength}
          aria-describedby="commentsToAuthors-hint"
          defaultValue={values?.commentsToAuthors ?? ""}
        />
      </div>
      <div className="field">
        <label htmlFor="commentsToCommittee">Comments to the committee</label>
        <p className="field__hint" id="commentsToCommittee-hint">
          Only the committee reads these; never sent to the authors.
        </p>
        <textarea
          id="commentsToCommittee"
          name="commentsToCommittee"
          rows={5}
          className="field__input"
          maxLength={props.maxCommentLength}
          aria-describedby="commentsToCommittee-hint"
          defaultValue={values?.commentsToCommittee ?? ""}
        />
      </div>
      <div className="review-form__actions">
        {isSubmitted ? (
          <>
            <SubmitButton intent="submit" pendingLabel="Updating...">
              Update review
            </SubmitButton>
            <SubmitButton
              intent="submit-next"
              pendingLabel="Updating..."
              className="button button--secondary"
            >
              Update and next
            </SubmitButton>
          </>
        ) : (
          <>
            <SubmitButton
              intent="save-draft"
              pendingLabel="Saving..."
              className="button button--secondary"
            >
              Save draft
            </SubmitButton>
            <SubmitButton intent="submit" pendingLabel="Submitting...">
              Submit review
            </SubmitButton>
            {/* Submits like "Submit review", then opens the next abstract waiting for a review. */}
            <SubmitButton
              intent="submit-next"
              pendingLabel="Submitting..."
              className="button button--secondary"
            >
              Submit and next
            </SubmitButton>
          </>
        )}
      </div>
    </Form>
  );
}

function ScaleField(props: {
  name: string;
  legend: string;
  scale: ScalePoint[];
  value: number | null;
}) {
  return (
    <fieldset className="review-scale">
      <legend>{props.legend}</legend>
      <div className="review-scale__options">
        {props.scale.map((point) => {
          const id = `${props.name}-${point.value}`;
          return (
            <div key={point.value} className="review-scale__option">
              <input
                type="radio"
                id={id}
                name={props.name}
                value={point.value}
                defaultChecked={props.value === point.value}
              />
              <label htmlFor={id}>
                {point.value} {point.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function ShownReviewFields({ review }: { review: ShownReview }) {
  const score = (value: number | null, label: string | null) =>
    value === null ? "Not given" : `${value}${label ? ` ${label}` : ""}`;
  return (
    <dl className="review-shown">
      <dt>Overall merit</dt>
      <dd>{score(review.merit, review.meritLabel)}</dd>
      <dt>Confidence</dt>
      <dd>{score(review.confidence, review.confidenceLabel)}</dd>
      <dt>Comments to the authors</dt>
      <dd className="review-shown__text">{review.commentsToAuthors || "None"}</dd>
      <dt>Comments to the committee</dt>
      <dd className="review-shown__text">{review.commentsToCommittee || "None"}</dd>
    </dl>
  );
}

function ClosedReview({ view }: { view: ReviewAbstractView }) {
  return (
    <div className="review-form card">
      <h2>Your review</h2>
      <p className="message message--info">
        The review period is closed: reviews can no longer be changed.
      </p>
      {view.ownReview ? (
        <ShownReviewFields review={view.ownReview} />
      ) : (
        <p>You did not write a review of this abstract.</p>
      )}
    </div>
  );
}

function OthersReviews({ others }: { others: OthersView }) {
  return (
    <section className="review-others" aria-labelledby="others-title">
      <h2 id="others-title">Other reviewers’ reviews</h2>
      {!others.isVisible ? (
        <p>
          {others.reason === "never"
            ? "In this edition reviewers do not see each other’s reviews."
            : "You will see the other reviews of this abstract once you have submitted your own."}
        </p>
      ) : others.reviews.length ? (
        others.reviews.map((review) => (
          <article key={review.label} className="card review-other">
            <h3>{review.label}</h3>
            <ShownReviewFields review={review} />
          </article>
        ))
      ) : (
        <p>No other review of this abstract has been submitted yet.</p>
      )}
    </section>
  );
}
