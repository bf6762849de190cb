import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { formatConferenceDateTime, formatLongDate } from "~/lib/dates";
import type { Attendance, PresentationFormat, ProgramSessionKind } from "~/lib/db/schema";
import type { SessionInput } from "./program.server";
import type { PendingNotice } from "./program-notices.server";
import type { ProgramEditorView } from "./program-publish.server";
import {
  formatClock,
  formatClockForPeople,
  formatTimeRange,
  parseClock,
  sessionKindLabels,
} from "./program-times";
import type { ProgramWarning } from "./program-warnings";
import "./program-admin.css";

const formatOfKind: Partial<Record<ProgramSessionKind, PresentationFormat>> = {
  talks: "talk",
  posters: "poster",
};

/** What the action answers: its message, and a refused session form's values and errors. */
export type ProgramActionData = {
  message: string;
  /** "new", or the id of the session whose form was refused. */
  form?: string;
  values?: SessionInput;
  fieldErrors?: Record<string, string>;
  /** A session just added: the form starts empty again. */
  createdId?: string;
};

type SlotView = {
  slotId: string;
  number: number;
  label: string;
  format: PresentationFormat | null;
  timeText: string | null;
  minutes: number | null;
  presenters: string;
  /** Anything that keeps it from being a confirmed presentation of this kind. */
  problem: string | null;
};

type SessionView = SessionInput & {
  id: string;
  kindLabel: string;
  timeText: string;
  holds: PresentationFormat | null;
  contentEndsText: string | null;
  slots: SlotView[];
  warnings: string[];
};

type UnplacedView = {
  submissionId: string;
  number: number;
  label: string;
  format: PresentationFormat;
  presenters: string;
};

export type ProgramAdminProps = ReturnType<typeof toProgramEditorProps>;

const attendanceProblem = (attendance: Attendance | null) =>
  attendance === "declined" ? "Declined by its presenter" : attendance ? null : "Not confirmed yet";

/** The loader's data: everything the page shows, as text and plain values. */
export function toProgramEditorProps(input: {
  editionName: string;
  editor: ProgramEditorView;
  notice: PendingNotice | null;
  paths: { page: string; calendar: string; json: string };
}) {
  const { editor, notice } = input;
  const warningsOf = (sessionId: string) =>
    editor.warnings
      .filter((warning: ProgramWarning) => warning.sessionIds.includes(sessionId))
      .map((warning) => warning.message);
  const presentersOf = (authors: { name: string; isPresenter: boolean }[]) =>
    authors
      .filter((author) => author.isPresenter)
      .map((author) => author.name)
      .join(", ") || "Presenter not named";
  const placement = (each: { session: string; room: string; startsAt: string; endsAt: string }) =>
    `${formatTimeRange(parseClock(each.startsAt) ?? 0, parseClock(each.endsAt) ?? 0)}, ${each.session}${each.room ? `, ${each.room}` : ""}`;
  return {
    editionName: input.editionName,
    dateText: formatLongDate(editor.settings.date),
    hoursText: `${formatClockForPeople(editor.settings.opens)} to ${formatClockForPeople(editor.settings.closes)}`,
    defaultTalkMinutes: editor.settings.defaultTalkMinutes,
    paths: input.paths,
    latest: editor.latest && {
      version: editor.latest.version,
      publishedAtText: formatConferenceDateTime(editor.latest.publishedAt),
      publishedBy: editor.latest.publishedBy,
    },
    hasUnpublishedChanges: editor.hasUnpublishedChanges,
    warnings: editor.warnings.map((warning) => warning.message),
    sessions: editor.sessions.map(
      (session): SessionView => ({
        id: session.id,
        title: session.title,
        kind: session.kind,
        kindLabel: sessionKindLabels[session.kind],
        room: session.room,
        startsAt: formatClock(session.startsAt),
        endsAt: formatClock(session.endsAt),
        chair: session.chair ?? "",
        description: session.description ?? "",
        timeText: formatTimeRange(session.startsAt, session.endsAt),
        holds: formatOfKind[session.kind] ?? null,
        contentEndsText:
          session.contentEndsAt === null ? null : formatClockForPeople(session.contentEndsAt),
        warnings: warningsOf(session.id),
        slots: session.slots.map((slot) => ({
          slotId: slot.slotId,
          number: slot.number,
          label: slot.label,
          format: slot.format,
          timeText:
            slot.startsAt === null || slot.endsAt === null
              ? null
              : formatTimeRange(slot.startsAt, slot.endsAt),
          minutes: slot.minutes,
          presenters: presentersOf(slot.authors),
          problem:
            slot.decision !== "accepted" || !slot.released
              ? "No longer accepted"
              : attendanceProblem(slot.attendance),
        })),
      }),
    ),
    unplaced: editor.unplaced.map(
      (each): UnplacedView => ({
        submissionId: each.submissionId,
        number: each.number,
        label: each.label,
        format: each.format,
        presenters: presentersOf(each.authors),
      }),
    ),
    notice: notice && {
      version: notice.version,
      comparedWith: notice.comparedWith,
      affected: notice.affected.map((change) => ({
        title: change.title,
        change: change.change,
        beforeText: change.before.map(placement).join("; "),
        afterText: change.after.map(placement).join("; "),
        recipients: change.recipients.map((recipient) => recipient.email),
      })),
    },
  };
}

const changeLabels = { added: "Added", removed: "Removed", moved: "Moved" } as const;

export function ProgramAdminPage(props: ProgramAdminProps & { action?: ProgramActionData }) {
  const { action } = props;
  return (
    <>
      <h1>Program for {props.editionName}</h1>
      <p>
        Build the day ({props.dateText}, Pacific Time) from the confirmed presentations. Talks take{" "}
        {props.defaultTalkMinutes} minutes each unless you change one. Edits stay in this draft;
        visitors see only what you publish, at <Link to={props.paths.page}>{props.paths.page}</Link>
        .
      </p>
      <FormMessage message={action?.message} />
      {props.notice ? <NoticePanel notice={props.notice} /> : null}
      <PublishPanel {...props} />
      <section className="card admin-panel" aria-labelledby="program-sessions-heading">
        <h2 id="program-sessions-heading">Sessions</h2>
        {props.sessions.length ? (
          <ol className="program-admin__sessions">
            {props.sessions.map((session) => (
              <li key={session.id}>
                <SessionCard
                  session={session}
                  unplaced={props.unplaced}
                  action={action?.form === session.id ? action : undefined}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p>No sessions yet: add the first one below.</p>
        )}
      </section>
      <section className="card admin-panel" aria-labelledby="program-new-heading">
        <h2 id="program-new-heading">Add a session</h2>
        <SessionForm
          key={action?.createdId ?? "new"}
          prefix="new"
          values={action?.form === "new" ? action.values : undefined}
          fieldErrors={action?.form === "new" ? action.fieldErrors : undefined}
          intent="create-session"
          submitLabel="Add the session"
          pendingLabel="Adding..."
        />
      </section>
      <UnplacedPanel unplaced={props.unplaced} />
    </>
  );
}

function NoticePanel({ notice }: { notice: NonNullable<ProgramAdminProps["notice"]> }) {
  const addresses = new Set(
    notice.affected.flatMap((each) => each.recipients.map((r) => r.toLowerCase())),
  );
  return (
    <section
      className="card admin-panel program-admin__notice"
      aria-labelledby="program-notice-heading"
    >
      <h2 id="program-notice-heading">Tell the presenters about version {notice.version}</h2>
      <p>
        Compared with version {notice.comparedWith}, {notice.affected.length}{" "}
        {notice.affected.length === 1 ? "presentation has" : "presentations have"} a new time or
        place. Only their presenters and submitting authors are emailed, once.
      </p>
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
          Email the affected presenters ({addresses.size}{" "}
          {addresses.size === 1 ? "address" : "addresses"})
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

function PublishPanel(props: ProgramAdminProps) {
  const nextVersion = (props.latest?.version ?? 0) + 1;
  return (
    <section className="card admin-panel" aria-labelledby="program-publish-heading">
      <h2 id="program-publish-heading">Publishing</h2>
      <p>
        {props.latest
          ? `Version ${props.latest.version} was published ${props.latest.publishedAtText} by ${props.latest.publishedBy}.`
          : "Nothing is published yet: visitors see the provisional program from the edition's content."}{" "}
        {props.hasUnpublishedChanges
          ? "The draft has changes that visitors do not see yet."
          : "Visitors see this draft as it is."}
      </p>
      {props.warnings.length ? (
        <section className="program-admin__warnings" aria-labelledby="program-warnings-heading">
          <h3 id="program-warnings-heading">
            {props.warnings.length} {props.warnings.length === 1 ? "warning" : "warnings"} to check
            before publishing
          </h3>
          <ul>
            {props.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </section>
      ) : (
        <p>No warnings: no overlaps, overruns or unconfirmed presentations.</p>
      )}
      <Form method="post" className="admin-inline-form">
        <input type="hidden" name="basedOnVersion" value={props.latest?.version ?? ""} />
        <SubmitButton
          intent="publish"
          pendingLabel="Publishing..."
          disabled={!props.hasUnpublishedChanges || !props.sessions.length}
        >
          {props.warnings.length
            ? `Publish version ${nextVersion} with ${props.warnings.length} ${props.warnings.length === 1 ? "warning" : "warnings"}`
            : `Publish version ${nextVersion}`}
        </SubmitButton>
        {props.latest ? (
          <span className="admin-submission__meta">
            Published: <Link to={props.paths.page}>page</Link> ·{" "}
            <a href={props.paths.calendar}>calendar (.ics)</a> · <a href={props.paths.json}>JSON</a>
          </span>
        ) : null}
      </Form>
    </section>
  );
}

function SessionCard({
  session,
  unplaced,
  action,
}: {
  session: SessionView;
  unplaced: UnplacedView[];
  action?: ProgramActionData;
}) {
  const headingId = `session-${session.id}-heading`;
  const candidates = unplaced.filter((each) => each.format === session.holds);
  return (
    <article className="program-admin__session" aria-labelledby={headingId}>
      <h3 id={headingId} className="program-admin__session-title">
        <span className="program-admin__time">{session.timeText}</span> {session.title}
      </h3>
      <p className="admin-submission__meta">
        {session.kindLabel}
        {session.room ? ` · ${session.room}` : " · No room"}
        {session.chair ? ` · Chair: ${session.chair}` : ""}
        {session.contentEndsText ? ` · Last talk ends ${session.contentEndsText}` : ""}
      </p>
      {session.warnings.length ? (
        <ul
          className="program-admin__session-warnings"
          aria-label={`Warnings for ${session.title}`}
        >
          {session.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {session.holds ? (
        <>
          {session.slots.length ? (
            <ol className="program-admin__slots">
              {session.slots.map((slot, index) => (
                <SlotRow
                  key={slot.slotId}
                  slot={slot}
                  isFirst={index === 0}
                  isLast={index === session.slots.length - 1}
                />
              ))}
            </ol>
          ) : (
            <p>No {session.holds === "talk" ? "talks" : "posters"} placed yet.</p>
          )}
          {candidates.length ? (
            <Form method="post" className="admin-inline-form program-admin__place">
              <input type="hidden" name="sessionId" value={session.id} />
              <div className="field">
                <label className="field__label" htmlFor={`place-${session.id}`}>
                  Add a confirmed {session.holds}
                  <span className="visually-hidden"> to {session.title}</span>
                </label>
                <select id={`place-${session.id}`} name="submissionId" className="field__input">
                  {candidates.map((each) => (
                    <option key={each.submissionId} value={each.submissionId}>
                      {each.number}. {each.label} ({each.presenters})
                    </option>
                  ))}
                </select>
              </div>
              <SubmitButton intent="place" pendingLabel="Placing...">
                Place it<span className="visually-hidden"> in {session.title}</span>
              </SubmitButton>
            </Form>
          ) : (
            <p className="admin-submission__meta">Every confirmed {session.holds} is placed.</p>
          )}
        </>
      ) : null}
      <details className="program-admin__edit" open={Boolean(action)}>
        <summary>
          Edit or delete<span className="visually-hidden"> {session.title}</span>
        </summary>
        <SessionForm
          // Saved values replace what was typed; a refused form keeps it.
          key={JSON.stringify(action?.values ?? session)}
          prefix={session.id}
          sessionId={session.id}
          values={action?.values ?? session}
          fieldErrors={action?.fieldErrors}
          intent="update-session"
          submitLabel="Save the session"
          pendingLabel="Saving..."
        />
        <Form method="post" className="admin-inline-form">
          <input type="hidden" name="sessionId" value={session.id} />
          <SubmitButton
            intent="delete-session"
            pendingLabel="Deleting..."
            className="button button--secondary program-admin__delete"
          >
            Delete<span className="visually-hidden"> {session.title}</span>
          </SubmitButton>
          {session.slots.length ? (
            <span className="admin-submission__meta">Its presentations become unplaced.</span>
          ) : null}
        </Form>
      </details>
    </article>
  );
}

function SlotRow({ slot, isFirst, isLast }: { slot: SlotView; isFirst: boolean; isLast: boolean }) {
  const name = `abstract ${slot.number}`;
  return (
    <li className="program-admin__slot">
      <div className="program-admin__slot-body">
        {slot.timeText ? <span className="program-admin__time">{slot.timeText}</span> : null}{" "}
        <strong>
          {slot.number}. {slot.label}
        </strong>
        <br />
        <span className="admin-submission__meta">
          {slot.presenters}
          {slot.problem ? ` · ${slot.problem}` : ""}
          {slot.format === "talk" && slot.minutes !== null ? ` · ${slot.minutes} minutes` : ""}
        </span>
      </div>
      <div className="program-admin__slot-actions">
        <Form method="post" className="program-admin__buttons">
          <input type="hidden" name="slotId" value={slot.slotId} />
          <SubmitButton
            intent="move-up"
            pendingLabel="Moving..."
            className="button button--secondary"
            disabled={isFirst}
          >
            Up<span className="visually-hidden">: move {name} earlier</span>
          </SubmitButton>
          <SubmitButton
            intent="move-down"
            pendingLabel="Moving..."
            className="button button--secondary"
            disabled={isLast}
          >
            Down<span className="visually-hidden">: move {name} later</span>
          </SubmitButton>
          <SubmitButton
            intent="unplace"
            pendingLabel="Removing..."
            className="button button--secondary"
          >
            Remove<span className="visually-hidden"> {name} from the session</span>
          </SubmitButton>
        </Form>
        {slot.format === "talk" ? (
          <Form method="post" className="program-admin__buttons">
            <input type="hidden" name="slotId" value={slot.slotId} />
            <label className="visually-hidden" htmlFor={`minutes-${slot.slotId}`}>
              Minutes for {name} (empty for the default)
            </label>
            <input
              id={`minutes-${slot.slotId}`}
              name="minutes"
              type="number"
              min={1}
              max={600}
              inputMode="numeric"
              className="field__input program-admin__minutes"
              defaultValue={slot.minutes ?? ""}
              placeholder="default"
            />
            <SubmitButton
              intent="set-minutes"
              pendingLabel="Saving..."
              className="button button--secondary"
            >
              Set length<span className="visually-hidden"> of {name}</span>
            </SubmitButton>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function SessionForm(props: {
  prefix: string;
  sessionId?: string;
  values?: SessionInput;
  fieldErrors?: Record<string, string>;
  intent: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const errors = props.fieldErrors ?? {};
  const values = props.values;
  const id = (name: string) => `${props.prefix}-${name}`;
  const described = (name: string, hint?: boolean) =>
    [hint ? `${id(name)}-hint` : "", errors[name] ? `${id(name)}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const error = (name: string) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null;
  const field = (name: keyof SessionInput, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={id(name)} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id(name)}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {input}
      {error(name)}
    </div>
  );
  const text = (name: keyof SessionInput, extra: { required?: boolean; maxLength: number }) => (
    <input
      id={id(name)}
      name={name}
      type="text"
      className="field__input"
      defaultValue={values?.[name] ?? ""}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={described(name)}
      {...extra}
    />
  );
  const time = (name: "startsAt" | "endsAt") => (
    <input
      id={id(name)}
      name={name}
      type="time"
      required
      className="field__input program-admin__clock"
      defaultValue={values?.[name] ?? ""}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={described(name)}
    />
  );
  return (
    <Form method="post" className="program-admin__form">
      {props.sessionId ? <input type="hidden" name="sessionId" value={props.sessionId} /> : null}
      {field("title", "Title", text("title", { required: true, maxLength: 200 }))}
      {field(
        "kind",
        "Type",
        <select
          id={id("kind")}
          name="kind"
          className="field__input"
          defaultValue={values?.kind ?? "talks"}
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={described("kind")}
        >
          {Object.entries(sessionKindLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {field("room", "Room or place (optional)", text("room", { maxLength: 120 }))}
      <div className="program-admin__times">
        {field("startsAt", "Starts (Pacific Time)", time("startsAt"))}
        {field("endsAt", "Ends (Pacific Time)", time("endsAt"))}
      </div>
      {field("chair", "Chair (optional)", text("chair", { maxLength: 200 }))}
      {field(
        "description",
        "Description (optional)",
        <textarea
          id={id("description")}
          name="description"
          rows={2}
          maxLength={2000}
          className="field__input"
          defaultValue={values?.description ?? ""}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described("description", true)}
        />,
        "A keynote's speaker and talk, or what happens at a break.",
      )}
      <SubmitButton intent={props.intent} pendingLabel={props.pendingLabel}>
        {props.submitLabel}
      </SubmitButton>
    </Form>
  );
}

function UnplacedPanel({ unplaced }: { unplaced: UnplacedView[] }) {
  return (
    <section className="card admin-panel" aria-labelledby="program-unplaced-heading">
      <h2 id="program-unplaced-heading">Confirmed presentations not yet placed</h2>
      {unplaced.length ? (
        <ul className="program-admin__unplaced">
          {unplaced.map((each) => (
            <li key={each.submissionId}>
              {each.number}. {each.label} · {each.format === "talk" ? "Talk" : "Poster"} ·{" "}
              {each.presenters}
            </li>
          ))}
        </ul>
      ) : (
        <p>Every confirmed presentation has a place in the program.</p>
      )}
    </section>
  );
}
