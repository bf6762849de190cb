import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { MailState } from "~/lib/db/schema";
import { stateLabels } from "./mail-log-messages";
import type { MailRowView } from "./mail-log-views";

export function MailStateBadge({ state }: { state: MailState }) {
  return <span className={`mail-state mail-state--${state}`}>{stateLabels[state]}</span>;
}

/** A fact's room: an address takes two columns where there are several, a sentence the whole row. */
type Fact = { label: string; value: string; width?: "wide" | "full"; isError?: boolean };

/** What the list and the details page say of a message besides its subject. */
export function MailFacts({
  message,
  extra,
}: {
  message: MailRowView;
  extra?: { label: string; value: string }[];
}) {
  const facts: Fact[] = [
    { label: "To", value: message.recipient, width: "wide" },
    ...(extra ?? []).map((fact) => ({ ...fact, width: "wide" as const })),
    { label: "Kind", value: message.kindLabel },
    { label: "Queued", value: message.queuedAtText },
    { label: "Sent", value: message.sentAtText ?? "Not yet" },
    { label: "Attempts", value: String(message.attempts) },
    ...(message.nextAttemptText ? [{ label: "Next attempt", value: message.nextAttemptText }] : []),
    { label: "Cause", value: message.cause, width: "full" },
    ...(message.lastError
      ? [{ label: "Last error", value: message.lastError, width: "full" as const, isError: true }]
      : []),
  ];
  return (
    <dl className="mail-facts">
      {facts.map((fact) => (
        <div
          key={fact.label}
          className={`mail-facts__item${fact.width ? ` mail-facts__item--${fact.width}` : ""}`}
        >
          <dt>{fact.label}</dt>
          <dd className={fact.isError ? "mail-facts__error" : undefined}>{fact.value}</dd>
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
