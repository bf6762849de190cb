import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { ProgramAdminProps } from "./program-admin-view";

const changeLabels = { added: "Added", removed: "Removed", moved: "Moved" } as const;

/**
 * After a publish: who is placed (the first time presenters hear of the program) or who moved, and the
 * admin's choice to email them or not.
 */
export function NoticePanel({ notice }: { notice: NonNullable<ProgramAdminProps["notice"]> }) {
  const addresses = new Set(
    notice.affected.flatMap((each) => each.recipients.map((r) => r.toLowerCase())),
  );
  return (
    <section
      className="card admin-panel program-admin__notice"
      aria-labelledby="program-notice-heading"
    >
      <h2 id="program-notice-heading">Tell the presenters about version {notice.version}</h2>
      {notice.comparedWith === null ? (
        <p>
          Presenters have not been told their slots yet. {notice.affected.length}{" "}
          {notice.affected.length === 1 ? "presentation is" : "presentations are"} placed in version{" "}
          {notice.version}: you can email their presenters and submitting authors when and where
          they present, once.
        </p>
      ) : (
        <p>
          Compared with version {notice.comparedWith}, {notice.affected.length}{" "}
          {notice.affected.length === 1 ? "presentation has" : "presentations have"} a new time or
          place. Only their presenters and submitting authors are emailed, once.
        </p>
      )}
      <ul className="program-admin__changes">
        {notice.affected.map((each) => (
          <li key={`${each.change}:${each.title}:${each.afterText}`}>
            <strong>{changeLabels[each.change]}:</strong> {each.title}
            <br />
            <span className="admin-submission__meta">
              {each.beforeText ? `Was ${each.beforeText}. ` : ""}
              {each.afterText ? `Now ${each.afterText}.` : "No longer in the program."}
              {each.recipients.length ? ` To: ${each.recipients.join(", ")}` : " Nobody to email."}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="version" value={notice.version} />
        <SubmitButton intent="mail-presenters" pendingLabel="Sending..." disabled={!addresses.size}>
          {notice.comparedWith === null
            ? "Email the presenters their slots"
            : "Email the affected presenters"}{" "}
          ({addresses.size} {addresses.size === 1 ? "address" : "addresses"})
        </SubmitButton>
        <SubmitButton
          intent="skip-mail"
          pendingLabel="Saving..."
          className="button button--secondary"
        >
          Don't email anyone
        </SubmitButton>
      </Form>
    </section>
  );
}
