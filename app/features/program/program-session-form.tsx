import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import type { SessionInput } from "./program-sessions.server";
import { sessionKindLabels } from "./program-times";

/** A session's fields, empty to add one, filled to change one (or as a refused form was sent). */
export function SessionForm(props: {
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
