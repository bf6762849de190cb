import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { AbstractCall } from "~/content/sculc/edition-types";
import type { AnswerWindow } from "~/features/presenters/attendance.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import type { Attendance } from "~/lib/db/schema";
import "~/features/submissions/submissions.css";

export type AcceptedAbstractView = {
  id: string;
  /** The title, or the file name on abstracts from before titles. */
  label: string;
  fileName: string;
  /** "Talk: 15 minutes plus 5 minutes of questions", "Poster". */
  formatText: string;
  /** "Presentation session", "Poster session". */
  sessionText: string;
  attendance: Attendance | null;
  attendanceAtText: string | null;
  window: AnswerWindow;
};

export type CongratulationsPageProps = {
  editionName: string;
  acceptance: AbstractCall["acceptance"];
  talk: AbstractCall["talk"];
  confirmByText: string;
  materialsDueText: string;
  accepted: AcceptedAbstractView[];
  notice?: { kind: "success" | "error"; text: string } | null;
  /** Declining is a second, explicit post; this is the step in between (it works without JavaScript). */
  confirmDecline?: { id: string; label: string } | null;
  /** The final-materials upload (app/features/presenters), once a presenter has confirmed. */
  finalMaterials?: ReactNode;
};

export function CongratulationsPage(props: CongratulationsPageProps) {
  const { editionName, acceptance, talk, accepted, notice, confirmDecline } = props;
  return (
    <section className="section">
      <div className="container submission stack">
        <h1>Congratulations!</h1>
        <p className="lead">
          Your abstract was accepted for {editionName}. We look forward to your presentation.
        </p>
        {notice ? (
          <p
            className={`message ${notice.kind === "success" ? "message--success" : "message--error"}`}
            role={notice.kind === "success" ? "status" : "alert"}
          >
            {notice.text}
          </p>
        ) : null}
        {confirmDecline ? <ConfirmDeclineForm abstract={confirmDecline} /> : null}
        <h2>Your accepted submissions</h2>
        <ul className="submission-list">
          {accepted.map((abstract, index) => (
            <li key={abstract.id} className="submission-card card presenter-abstract">
              <div className="submission-card__body stack">
                <h3 className="submission-card__name">{abstract.label}</h3>
                <div className="presenter-abstract__format">
                  <FormatSection abstract={abstract} props={props} />
                </div>
                <div className="presenter-abstract__attendance">
                  <AttendanceSection abstract={abstract} props={props} />
                </div>
              </div>
              <div className="submission-card__actions">
                <a
                  className="button button--secondary"
                  href={submissionPaths.file(abstract.id)}
                  target="_blank"
                  rel="noopener"
                >
                  {abstract.fileName || `View Submission ${index + 1}`}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
        {props.finalMaterials}
        <h2>Next steps</h2>
        <ul className="submission__guidelines">
          <li>
            Confirm or decline your attendance with the buttons above by {props.confirmByText}.
            {acceptance.confirmAttendanceUrl ? (
              <>
                {" "}
                If the buttons do not work for you, use the{" "}
                <a href={acceptance.confirmAttendanceUrl} rel="noopener">
                  attendance form
                </a>{" "}
                instead.
              </>
            ) : null}
          </li>
          <li>
            Talks are {talk.minutes} minutes, followed by {talk.questionMinutes} minutes of
            questions and answers.
          </li>
          <li>You may present in a presentation session, in the poster session, or both.</li>
          <li>
            Cannot come in person? Present virtually by{" "}
            <a href={acceptance.videoMeetingUrl} rel="noopener">
              video call
            </a>
            .
          </li>
          <li>
            {props.finalMaterials ? (
              <>Upload your final slides or poster under "Final materials" above </>
            ) : (
              <>
                Once you have confirmed, upload your final slides or poster on this page, or email
                them to{" "}
                <a href={`mailto:${acceptance.materialsEmail}`}>{acceptance.materialsEmail}</a>{" "}
              </>
            )}
            by {props.materialsDueText}.
          </li>
        </ul>
      </div>
    </section>
  );
}

function FormatSection({
  abstract,
  props,
}: {
  abstract: AcceptedAbstractView;
  props: CongratulationsPageProps;
}) {
  return (
    <dl className="presenter-facts">
      <dt>Format</dt>
      <dd>{abstract.formatText}</dd>
      <dt>Session</dt>
      <dd>{abstract.sessionText}</dd>
      <dt>Final materials due</dt>
      <dd>{props.materialsDueText}</dd>
    </dl>
  );
}

const answerTexts: Record<Attendance | "waiting", string> = {
  confirmed: "You confirmed your attendance",
  declined: "You declined",
  waiting: "We are waiting for your answer",
};

function AttendanceSection({
  abstract,
  props,
}: {
  abstract: AcceptedAbstractView;
  props: CongratulationsPageProps;
}) {
  const state = abstract.attendance ?? "waiting";
  return (
    <>
      <p className="presenter-answer">
        Attendance:{" "}
        <strong>
          {answerTexts[state]}
          {abstract.attendanceAtText ? ` (${abstract.attendanceAtText})` : ""}
        </strong>
        .
      </p>
      {abstract.window === "closed" ? (
        <p className="submission-card__meta">
          The date to answer ({props.confirmByText}) has passed, so this answer is final. If
          something has changed, please email{" "}
          <a href={`mailto:${props.acceptance.materialsEmail}`}>
            {props.acceptance.materialsEmail}
          </a>
          .
        </p>
      ) : (
        <>
          <p className="submission-card__meta">
            {abstract.window === "reopened"
              ? "The organizers reopened your answer: you can answer once more."
              : `Please answer by ${props.confirmByText}. You can change your answer until then.`}
          </p>
          <div className="submission-confirm__actions">
            {abstract.attendance !== "confirmed" || abstract.window === "reopened" ? (
              <Form method="post">
                <input type="hidden" name="submissionId" value={abstract.id} />
                <SubmitButton intent="confirm" pendingLabel="Confirming...">
                  Confirm attendance
                  <span className="visually-hidden"> for {abstract.label}</span>
                </SubmitButton>
              </Form>
            ) : null}
            {abstract.attendance !== "declined" || abstract.window === "reopened" ? (
              <Form method="post">
                <input type="hidden" name="submissionId" value={abstract.id} />
                <SubmitButton
                  intent="ask-decline"
                  pendingLabel="Opening..."
                  className="button button--secondary"
                >
                  Decline<span className="visually-hidden"> {abstract.label}</span>
                </SubmitButton>
              </Form>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}

function ConfirmDeclineForm({ abstract }: { abstract: { id: string; label: string } }) {
  return (
    <Form method="post" className="submission-confirm card" replace>
      <h2 className="submission-confirm__title">Decline presenting “{abstract.label}”?</h2>
      <p>
        The organizers will be told, and your place may go to an abstract on the waiting list. You
        can change your mind until the date to answer.
      </p>
      <input type="hidden" name="submissionId" value={abstract.id} />
      <div className="submission-confirm__actions">
        <SubmitButton
          intent="decline"
          pendingLabel="Declining..."
          className="button button--danger"
        >
          Yes, decline
        </SubmitButton>
        <Link to={submissionPaths.congratulations} className="button button--secondary">
          Keep my place
        </Link>
      </div>
    </Form>
  );
}
