import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

/** What a control needs to be tied to its label, hint and error for screen readers. */
export type FieldControlProps = {
  id: string;
  className: "field__input";
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A control with its label above, its hint under the label and its error under it, each tied to the
 * control for screen readers. `id` is the control's; hint and error take it with a suffix.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        className: "field__input",
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FramedProps = { label: string; name: string; error?: string; hint?: string };

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  type = "text",
  ...input
}: FramedProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  return (
    <FieldFrame id={`field-${name}`} label={label} hint={hint} error={error}>
      {(control) => <input {...control} name={name} type={type} {...input} />}
    </FieldFrame>
  );
}

/** A labelled textarea, tied to its hint and error like `TextField`. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  ...textarea
}: FramedProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <FieldFrame id={`field-${name}`} label={label} hint={hint} error={error}>
      {(control) => <textarea {...control} name={name} {...textarea} />}
    </FieldFrame>
  );
}

/** A labelled select, tied to its hint and error like `TextField`. */
export function SelectField({
  label,
  name,
  error,
  hint,
  choices,
  ...select
}: FramedProps & {
  choices: { value: string; label: string }[];
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  return (
    <FieldFrame id={`field-${name}`} label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} name={name} {...select}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
