import { Link } from "~/components/link";
import { describeMailTrouble, mailNoticeWords } from "./mail-log-messages";
import { mailLogHref } from "./mail-log-query";
import type { MailAlert, WaitingMail } from "./mail-log-views";
import "./mail-log.css";

/**
 * The admin area's word that mail has been failing (readMailAlert): on every admin page, so nobody
 * learns of it from the people who never got their mail.
 */
export function MailAlertNotice({ alert }: { alert: MailAlert }) {
  return (
    // Named, not headed: it comes before each page's own heading.
    <section className="message message--error mail-notice" aria-label="Mail is failing">
      <p className="mail-notice__heading">Mail is failing</p>
      {alert.stuck > 0 ? (
        <p>
          {mailNoticeWords.stuck(alert.stuck, alert.waiting)}{" "}
          {alert.lastError ? describeMailTrouble(alert.lastError) : null}{" "}
          <Link to={mailLogHref({ state: "waiting" })}>See the waiting messages</Link>
        </p>
      ) : null}
      {alert.failed > 0 ? (
        <p>
          {mailNoticeWords.failed(alert.failed)}{" "}
          <Link to={mailLogHref({ state: "failed" })}>See the failed messages</Link>
        </p>
      ) : null}
    </section>
  );
}

/** On the decisions page while release mails are still in the outbox. */
export function WaitingDecisionMailNotice({ waiting }: { waiting: WaitingMail }) {
  if (!waiting.count) return null;
  return (
    <div
      className={`message ${waiting.trouble ? "message--error" : "message--info"} mail-notice`}
      role="status"
    >
      <p>
        {mailNoticeWords.waitingDecisions(waiting.count)}{" "}
        {waiting.trouble
          ? describeMailTrouble(waiting.trouble.response)
          : mailNoticeWords.decisionsOnTheirWay}{" "}
        <Link to={mailLogHref({ state: "waiting", kind: "decision" })}>
          See the waiting decision messages
        </Link>
      </p>
    </div>
  );
}
