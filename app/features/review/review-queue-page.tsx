import { Form } from "react-router";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { reviewPaths } from "./review-paths";
import type { ReviewStatus } from "./review-status";
import "./review.css";

export type QueueEntryView = {
  number: number;
  title: string;
  status: ReviewStatus;
  pageCount: number;
  wordCount: number;
  updatedAtText: string | null;
};

export type Notice = { kind: "success" | "error"; text: string };

export const statusLabels: Record<ReviewStatus, string> = {
  "not-started": "Not started",
  draft: "Draft saved",
  submitted: "Submitted",
};

export function ReviewQueuePage(props: {
  entries: QueueEntryView[];
  isOpen: boolean;
  deadlineText: string | null;
  canTakeNext: boolean;
  /** How many abstracts the reviewer has taken themselves (see `takeNextAbstract`). */
  takenBefore: number;
  notice: Notice | null;
}) {
  const submitted = props.entries.filter((entry) => entry.status === "submitted").length;
  return (
    <section className="section">
      <div className="container review stack">
        <h1>Review</h1>
        <p className="lead">
          The abstracts assigned to you, by number. Authors stay anonymous to you, and you to them.
        </p>
        {props.notice ? <NoticeMessage notice={props.notice} /> : null}
        <p className="review-period">
          {props.isOpen
            ? props.deadlineText
              ? `The review period closes ${props.deadlineText}.`
              : "The review period is open; no closing time is set yet."
            : "The review period is closed: reviews can be read but no longer changed."}
        </p>
        {props.entries.length ? (
          <>
            <p>
              {submitted} of {props.entries.length}{" "}
              {props.entries.length === 1 ? "review" : "reviews"} submitted.
            </p>
            <ul className="review-queue">
              {props.entries.map((entry) => (
                <li key={entry.number} className="review-queue__item card">
                  <h2 className="review-queue__title">
                    <Link to={reviewPaths.abstract(entry.number)}>
                      Abstract {entry.number}
                      {entry.title ? `: ${entry.title}` : ""}
                    </Link>
                  </h2>
                  <p className="review-queue__meta">
                    {entry.pageCount} {entry.pageCount === 1 ? "page" : "pages"} · about{" "}
                    {entry.wordCount} words
                  </p>
                  <p className={`review-status review-status--${entry.status}`}>
                    {statusLabels[entry.status]}
                    {entry.updatedAtText ? (
                      <span className="review-queue__when">
                        {" "}
                        · last saved {entry.updatedAtText}
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="message message--info">No abstracts are assigned to you yet.</p>
        )}
        {props.canTakeNext ? (
          <Form method="post" className="review-take">
            {/* A second click of the same button leads to the abstract the first one took. */}
            <input type="hidden" name="takenBefore" value={props.takenBefore} />
            <p>Have time for more? Take the abstract that has the fewest reviewers so far.</p>
            <SubmitButton intent="take-next" pendingLabel="Taking...">
              Take the next abstract
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

export function NoticeMessage({ notice }: { notice: Notice }) {
  return (
    <p
      className={`message ${notice.kind === "success" ? "message--success" : "message--error"}`}
      role={notice.kind === "success" ? "status" : "alert"}
    >
      {notice.text}
    </p>
  );
}
