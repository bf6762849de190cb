import { Link } from "~/components/link";
import { mailPagesPath } from "~/lib/admin-paths";
import "./mail-section-nav.css";

/**
 * The mail pages (three features: the outbox, the templates, writing to a group) share this menu, kept
 * here so none of them depends on another for it.
 */
/** The mail pages: the messages the site sent, the templates it sends them from, and writing one. */
export const mailSections = [
  { key: "messages", to: mailPagesPath, label: "Messages" },
  { key: "templates", to: `${mailPagesPath}/templates`, label: "Templates" },
  { key: "write", to: `${mailPagesPath}/write`, label: "Write to a group" },
] as const;

export type MailSection = (typeof mailSections)[number]["key"];

/**
 * The mail pages' own small menu, under the page's heading. `current` names the page it is on (a
 * message's details page is under "Messages").
 */
export function MailSectionNav({ current }: { current: MailSection }) {
  return (
    <nav aria-label="Mail pages" className="mail-nav">
      <ul>
        {mailSections.map((section) => (
          <li key={section.key}>
            <Link
              to={section.to}
              className="mail-nav__link"
              aria-current={section.key === current ? "page" : undefined}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
