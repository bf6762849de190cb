import { Link } from "~/components/link";
import type { MailTemplateRow } from "./mail-template-editor.server";
import { mailTemplateStatus } from "./mail-template-messages";
import "./mail-templates.css";
import { MailSectionNav } from "~/components/mail-section-nav";

/** Every mail organisers may reword: what it is, when it goes, and whether someone changed it. */
export function MailTemplatesPage({ rows }: { rows: MailTemplateRow[] }) {
  return (
    <>
      <MailSectionNav current="templates" />
      <h1>Mail templates</h1>
      <p>
        The site writes these messages itself, filled in for each person. Open one to change its
        words: the next messages use your text, and the default can always be restored.
      </p>
      <ul className="mail-template-list">
        {rows.map((row) => (
          <li key={row.key} className="mail-template-list__item">
            <h2 className="mail-template-list__title">
              <Link to={row.href}>{row.name}</Link>
            </h2>
            <p className="mail-template-list__meta">{row.usedWhen}</p>
            <p
              className={
                row.isChanged
                  ? "mail-template-state mail-template-state--changed"
                  : "mail-template-state"
              }
            >
              {row.status}.
            </p>
            {row.needsFix ? (
              <p className="message message--error">{mailTemplateStatus.needsFix}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
