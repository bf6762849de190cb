import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import type { AbstractCall } from "~/content/sculc/edition-types";
import type { AnswerWindow } from "~/features/presenters/attendance.server";
import { submissionPaths } from "~/features/submissions/submission-paths";
import type { Attendance } from "~/lib/db/schema";
import "~/features/submissions/submissions.css";
import "./congratulations.css";

export type AcceptedAbstractView = {
  id: string;
  /** The title, or the file name on abstracts from before titles. */
  label: string;
  fileName: string;
  /** "Talk: 15 minutes plus 5 minutes of questions", "Poster". */
  formatText: string;
  /** "Presentation session", "Poster session". */
  sessionText: string;
  /** Its slots in the published program; null while no program is published. */
  slots: PresenterSlotView[] | null;
  attendance: Attendance | null;
  attendanceAtText: string | null;
  window: AnswerWindow;
};

/** One slot of the published program (the program feature's PresenterSlot, passed by the route). */
export type PresenterSlotView = {
  session: string;
  room: string;
  dayText: string;
  timeText: string;
  calendarHref: string;
};

export type CongratulationsPageProps = {
  editionName: string;
  acceptance: AbstractCall["acceptance"];
  talk: AbstractCall["talk"];
  confirmByText: string;
  materialsDueText: string;
  /** Whether final materials are still taken (before their date). */
  materialsOpen: boolean;
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
          <NextAnswerStep props={props} />
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
          <NextMaterialsStep props={props} />
        </ul>
      </div>
    </section>
  );
}

/** What to do about answering: only a step the page offers, or what to do instead. */
function NextAnswerStep({ props }: { props: CongratulationsPageProps }) {
  const { acceptance } = props;
  const canAnswer = props.accepted.some((abstract) => abstract.window !== "closed");
  if (!canAnswer)
    return (
      <li>
        The date to confirm or decline ({props.confirmByText}) has passed. For any change, email the
        organizers at <OrganizersEmail email={acceptance.materialsEmail} />.
      </li>
    );
  return (
    <li>
      Confirm or decline your attendance with the buttons above
      {props.accepted.every((abstract) => abstract.window === "open")
        ? ` by ${props.confirmByText}`
        : ""}
      .
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
  );
}

/**
 * Final materials follow the answer: only a confirmed presentation uploads, so "confirm first" is said
 * only while confirming is still possible.
 */
function NextMaterialsStep({ props }: { props: CongratulationsPageProps }) {
  const email = <OrganizersEmail email={props.acceptance.materialsEmail} />;
  const isConfirmed = props.accepted.some((abstract) => abstract.attendance === "confirmed");
  const canConfirm = props.accepted.some(
    (abstract) => abstract.window !== "closed" && abstract.attendance !== "confirmed",
  );
  if (isConfirmed && !props.materialsOpen)
    return (
      <li>
        Final materials were due by {props.materialsDueText}. For a late file, email the organizers
        at {email}.
      </li>
    );
  if (isConfirmed)
    return (
      <li>
        {props.finalMaterials ? (
          <>Upload your final slides or poster under "Final materials" above </>
        ) : (
          <>Email your final slides or poster to {email} </>
        )}
        by {props.materialsDueText}.
      </li>
    );
  if (canConfirm && props.materialsOpen)
    return (
      <li>
        Once you have confirmed, upload your final slides or poster on this page, or email them to{" "}
        {email}, by {props.materialsDueText}.
      </li>
    );
  return null;
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
      <dd>
        <SlotDetails abstract={abstract} />
      </dd>
      <dt>Final materials due</dt>
      <dd>{props.materialsDueText}</dd>
    </dl>
  );
}

/** When and where: the published program's slots, or why there are none yet. */
function SlotDetails({ abstract }: { abstract: AcceptedAbstractView }) {
  if (abstract.attendance === "declined") return <>{abstract.sessionText}</>;
  if (abstract.slots === null)
    return (
      <>
        {abstract.sessionText}. The program is not published yet: your time and room will appear
        here, and you will be emailed, once it is.
      </>
    );
  if (!abstract.slots.length)
    return (
      <>
        {abstract.sessionText}. This presentation is not in the published program yet; the
        organizers will tell you its time and room.
      </>
    );
  return (
    <ul className="presenter-slots">
      {abstract.slots.map((slot) => (
        <li key={slot.calendarHref}>
          <strong>{slot.session}</strong>
          {slot.room ? `, ${slot.room}` : ""}
          <br />
          {slot.dayText},
          <br />
          {slot.timeText}
          <br />
          <a href={slot.calendarHref} download>
            Add to your calendar (.ics)
            <span className="visually-hidden">: {abstract.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const answerTexts: Record<Attendance | "waiting" | "missed", string> = {
  confirmed: "You confirmed your attendance",
  declined: "You declined",
  waiting: "We are waiting for your answer",
  missed: "No answer was given by the date",
};

/** The organizers' address, written out so it can be copied as well as clicked. */
function OrganizersEmail({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/**
 * One abstract's answer. The page never asks for an answer it does not offer: once the date has passed
 * (and the organizers have not reopened it) there are no buttons, so the text says what happened and
 * whom to write to instead.
 */
function AttendanceSection({
  abstract,
  props,
}: {
  abstract: AcceptedAbstractView;
  props: CongratulationsPageProps;
}) {
  const isClosed = abstract.window === "closed";
  const state = abstract.attendance ?? (isClosed ? "missed" : "waiting");
  const organizers = <OrganizersEmail email={props.acceptance.materialsEmail} />;
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
      {isClosed ? (
        <p className="submission-card__meta">
          {abstract.attendance === null ? (
            <>
              The date to confirm ({props.confirmByText}) has passed without an answer, so this
              presentation is not confirmed and cannot be answered here any more. If you still want
              to present it, email the organizers at {organizers} as soon as you can; they can
              reopen your answer.
            </>
          ) : (
            <>
              The date to answer ({props.confirmByText}) has passed, so this answer is final. If
              something has changed, email the organizers at {organizers}.
            </>
          )}
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
              <form method="post" action={submissionPaths.congratulations}>
                <input type="hidden" name="submissionId" value={abstract.id} />
                <SubmitButton intent="confirm" pendingLabel="Confirming...">
                  Confirm attendance
                  <span className="visually-hidden"> for {abstract.label}</span>
                </SubmitButton>
              </form>
            ) : null}
            {abstract.attendance !== "declined" || abstract.window === "reopened" ? (
              <form method="post" action={submissionPaths.congratulations}>
                <input type="hidden" name="submissionId" value={abstract.id} />
                <SubmitButton
                  intent="ask-decline"
                  pendingLabel="Opening..."
                  className="button button--secondary"
                >
                  Decline<span className="visually-hidden"> {abstract.label}</span>
                </SubmitButton>
              </form>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}

function ConfirmDeclineForm({ abstract }: { abstract: { id: string; label: string } }) {
  return (
    <form
      method="post"
      action={submissionPaths.congratulations}
      className="submission-confirm card"
    >
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
    </form>
  );
}
