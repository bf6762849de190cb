import { FormMessage } from "~/components/form-message";
import { MailSectionNav } from "~/components/mail-section-nav";
import type { MailMessagePageProps } from "./mail-log-views";
import { MailFacts, MailStateBadge, RetryForm } from "./mail-parts";
import "./mail-log.css";

/**
 * One message as it went out: its headers, its text as organisers may read it (account links replaced
 * by a note; never the stored body itself) and every delivery attempt with the mail server's answer.
 */
export function MailMessagePage({ message, attempts, notice }: MailMessagePageProps) {
  return (
    <>
      <h1 className="mail-message__title">{message.subject}</h1>
      <MailSectionNav current="messages" />
      <FormMessage message={notice} />

      <section className="card admin-panel" aria-labelledby="mail-message-heading">
        <div className="mail-item__head">
          <h2 id="mail-message-heading">The message</h2>
          <MailStateBadge state={message.state} />
        </div>
        <MailFacts
          message={message}
          extra={[
            { label: "Subject", value: message.subject },
            { label: "Message-ID", value: message.messageId },
          ]}
        />
        {message.state === "failed" ? <RetryForm message={message} /> : null}
      </section>

      <section className="card admin-panel" aria-labelledby="mail-text-heading">
        <h2 id="mail-text-heading">Text</h2>
        {message.hasHiddenLinks ? (
          <p className="field__hint">
            The link that opens the person's account is not shown here: anyone holding it could use
            the account.
          </p>
        ) : null}
        <pre className="mail-body">{message.shownText}</pre>
      </section>

      <section className="card admin-panel" aria-labelledby="mail-attempts-heading">
        <h2 id="mail-attempts-heading">Attempts</h2>
        {attempts.length ? (
          <ol className="mail-attempts">
            {attempts.map((attempt) => (
              <li key={attempt.id} className="mail-attempt">
                <p>
                  <strong>{attempt.atText}</strong>: {attempt.outcomeLabel}
                </p>
                {attempt.response ? (
                  <p className="mail-attempt__response">
                    Answer: <q>{attempt.response}</q>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p>Not tried yet.</p>
        )}
      </section>
    </>
  );
}
