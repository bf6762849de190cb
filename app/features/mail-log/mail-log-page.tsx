import { Form } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { MailSectionNav } from "~/components/mail-section-nav";
import { Pagination } from "~/components/pagination";
import { SubmitButton } from "~/components/submit-button";
import { stateFilterLabels } from "./mail-log-messages";
import { mailLogHref, mailStateFilters } from "./mail-log-query";
import type { MailLogPageProps } from "./mail-log-views";
import { MailFacts, MailStateBadge, RetryForm } from "./mail-parts";
import "./mail-log.css";

/** The organisers' view of the outbox: what the site sent, what waits, what failed. */
export function MailLogPage(props: MailLogPageProps) {
  const { query } = props;
  const first = props.total ? (props.page - 1) * props.pageSize + 1 : 0;
  const last = Math.min(props.page * props.pageSize, props.total);
  const kindLabel = props.kinds.find((kind) => kind.value === query.kind)?.label;
  return (
    <>
      <h1>Mail</h1>
      <MailSectionNav current="messages" />
      <FormMessage message={props.message} />
      {props.confirmRetryAll ? (
        <RetryAllConfirmation count={props.failedCount} shownAt={props.confirmRetryAll.shownAt} />
      ) : null}

      <section className="mail-summary" aria-labelledby="mail-counts-heading">
        <h2 id="mail-counts-heading" className="mail-summary__heading">
          {kindLabel ? `${kindLabel} messages` : "All messages"}
        </h2>
        <ul className="mail-counts">
          {(["waiting", "sent", "failed"] as const).map((state) => (
            <li key={state}>
              <Link
                to={mailLogHref({ state, kind: query.kind })}
                className={`mail-count mail-count--${state}`}
                aria-current={query.state === state ? "page" : undefined}
              >
                <span className="mail-count__number">{props.counts[state]}</span>{" "}
                {stateFilterLabels[state].toLowerCase()}
              </Link>
            </li>
          ))}
        </ul>
        {props.failedCount > 0 && !props.confirmRetryAll ? (
          <Link
            to={mailLogHref({ state: "failed" }, { confirm: "retry-all" })}
            className="button button--secondary"
          >
            Retry all failed messages…
          </Link>
        ) : null}
      </section>

      <Form method="get" className="mail-filters" aria-label="Filter messages">
        <div className="field">
          <label htmlFor="mail-state" className="field__label">
            State
          </label>
          <select id="mail-state" name="state" className="field__input" defaultValue={query.state}>
            {mailStateFilters.map((state) => (
              <option key={state} value={state}>
                {stateFilterLabels[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="mail-kind" className="field__label">
            Kind
          </label>
          <select id="mail-kind" name="kind" className="field__input" defaultValue={query.kind}>
            <option value="">Any kind</option>
            {props.kinds.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Show
        </button>
      </Form>

      <p role="status" className="admin-count">
        {props.total
          ? `Showing ${first}–${last} of ${props.total} ${props.total === 1 ? "message" : "messages"}${describeQuery(query.state, kindLabel)}, newest first.`
          : `No messages${describeQuery(query.state, kindLabel)}.`}
      </p>

      {props.rows.length ? (
        <ul className="mail-list">
          {props.rows.map((row) => (
            <li key={row.id} className="card mail-item">
              <div className="mail-item__head">
                <MailStateBadge state={row.state} />
                <h2 className="mail-item__subject">
                  <Link to={`/user-data/mail/${encodeURIComponent(row.id)}`}>{row.subject}</Link>
                </h2>
              </div>
              <MailFacts message={row} />
              {row.state === "failed" ? <RetryForm message={row} /> : null}
            </li>
          ))}
        </ul>
      ) : null}

      <Pagination
        page={props.page}
        pageCount={props.pageCount}
        hrefFor={(page) => mailLogHref({ ...query, page })}
        label="Message pages"
      />
    </>
  );
}

function describeQuery(state: MailLogPageProps["query"]["state"], kindLabel: string | undefined) {
  const parts = [
    state === "all" ? "" : stateFilterLabels[state].toLowerCase(),
    kindLabel ? `of the kind “${kindLabel}”` : "",
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

/**
 * The second step of "Retry all failed": how many, and what happens. The form carries when the page was
 * drawn, so a replay or a second press retries none twice (mail-log.server.ts).
 */
function RetryAllConfirmation({ count, shownAt }: { count: number; shownAt: string }) {
  return (
    <section className="card admin-panel mail-confirm" aria-labelledby="retry-all-heading">
      <h2 id="retry-all-heading">
        Retry all {count} failed {count === 1 ? "message" : "messages"}?
      </h2>
      <p>
        Each is queued again and sent within minutes. A message the mail server refused for good (an
        address that does not exist) is likely to fail again: open it first to read the server's
        answer.
      </p>
      <Form method="post" action="/user-data/mail" className="mail-confirm__buttons">
        <input type="hidden" name="shownAt" value={shownAt} />
        <SubmitButton intent="retry-all" pendingLabel="Retrying...">
          Retry {count} failed {count === 1 ? "message" : "messages"}
        </SubmitButton>
        <Link to={mailLogHref({ state: "failed" })} className="button button--secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}
