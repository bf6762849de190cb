import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { MailState } from "~/lib/db/schema";
import { stateLabels } from "./mail-log-messages";
import type { MailRowView } from "./mail-log-views";

export function MailStateBadge({ state }: { state: MailState }) {
  return <span className={`mail-state mail-state--${state}`}>{stateLabels[state]}</span>;
}

/** What the list and the details page say of a message besides its subject. */
export function MailFacts({
  message,
  extra,
}: {
  message: MailRowView;
  extra?: { label: string; value: string }[];
}) {
  const facts = [
    { label: "To", value: message.recipient, isLong: true },
    ...(extra ?? []).map((fact) => ({ ...fact, isLong: true })),
    { label: "Kind", value: message.kindLabel },
    { label: "Cause", value: message.cause, isLong: true },
    { label: "Queued", value: message.queuedAtText },
    { label: "Sent", value: message.sentAtText ?? "Not yet" },
    { label: "Attempts", value: String(message.attempts) },
    ...(message.nextAttemptText ? [{ label: "Next attempt", value: message.nextAttemptText }] : []),
    ...(message.lastError
      ? [{ label: "Last error", value: message.lastError, isLong: true, isError: true }]
      : []),
  ];
  return (
    <dl className="mail-facts">
      {facts.map((fact) => (
        <div
          key={fact.label}
          className={`mail-facts__item${"isLong" in fact && fact.isLong ? " mail-facts__item--long" : ""}`}
        >
          <dt>{fact.label}</dt>
          <dd className={"isError" in fact && fact.isError ? "mail-facts__error" : undefined}>
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Retries one failed message. The attempts the page showed go with it: a second press finds the
 * message queued (or tried again) and queues nothing twice.
 */
export function RetryForm({ message }: { message: MailRowView }) {
  return (
    <Form method="post" className="mail-retry">
      <input type="hidden" name="messageId" value={message.id} />
      <input type="hidden" name="attempts" value={message.attempts} />
      <SubmitButton intent="retry" pendingLabel="Retrying..." className="button button--secondary">
        Retry<span className="visually-hidden"> the message to {message.recipient}</span>
      </SubmitButton>
    </Form>
  );
}
