import { createContext, type ReactNode, useContext } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/text-field";
import { fieldName } from "./edition-field-names";
import { type FormTree, valueAt } from "./edition-form";
import type { PictureThumbnails } from "./page-forms-pictures";
import "./edition-editor.css";

/**
 * What every field of an edition form reads: the values to show, the refusals by field path, and on a
 * page's form the uploaded files its media sections show.
 */
export type EditionFormView = {
  tree: FormTree;
  issues: Record<string, string>;
  media?: EditionMediaView;
};

/** A page form's uploaded files: previews of its pictures, its PDFs, and where uploads go. */
export type EditionMediaView = {
  year: number;
  pageIndex: number;
  thumbnails: PictureThumbnails;
  documents: Record<string, { src: string; pageCount: number | null }>;
  /** An upload sent without JavaScript that was refused, for the place it was meant for. */
  uploadRefusal?: { list: string; message: string };
};

const FormViewContext = createContext<EditionFormView>({ tree: {}, issues: {} });

export function EditionFormProvider({
  view,
  children,
}: {
  view: EditionFormView;
  children: ReactNode;
}) {
  return <FormViewContext.Provider value={view}>{children}</FormViewContext.Provider>;
}

export function useEditionFormView(): EditionFormView {
  return useContext(FormViewContext);
}

function useField(path: string) {
  const view = useContext(FormViewContext);
  const value = valueAt(view.tree, path);
  return { value: typeof value === "string" ? value : "", error: view.issues[path] };
}

export function useListLength(path: string): number {
  const value = valueAt(useContext(FormViewContext).tree, path);
  return Array.isArray(value) ? value.length : 0;
}

type FieldProps = {
  path: string;
  label: string;
  hint?: string;
  type?: "text" | "date" | "time" | "datetime-local" | "number" | "email" | "url";
  min?: number;
  max?: number;
  readOnly?: boolean;
};

/** A one-line field named by its path in the document. */
export function Field({ path, label, hint, type = "text", min, max, readOnly }: FieldProps) {
  const { value, error } = useField(path);
  return (
    <TextField
      label={label}
      name={path}
      type={type}
      hint={hint}
      error={error}
      defaultValue={value}
      min={min}
      max={max}
      readOnly={readOnly}
      inputMode={type === "number" ? "numeric" : undefined}
    />
  );
}

export function Hidden({ path }: { path: string }) {
  const { value } = useField(path);
  return <input type="hidden" name={path} value={value} />;
}

/** A field for a paragraph or more. */
export function TextArea({
  path,
  label,
  hint,
  rows = 4,
}: {
  path: string;
  label: string;
  hint?: string;
  rows?: number;
}) {
  const { value, error } = useField(path);
  return (
    <TextAreaField
      label={label}
      name={path}
      hint={hint}
      error={error}
      rows={rows}
      defaultValue={value}
    />
  );
}

export function Select({
  path,
  label,
  options,
}: {
  path: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const { value, error } = useField(path);
  return (
    <SelectField label={label} name={path} error={error} choices={options} defaultValue={value} />
  );
}

/** Move up, move down and remove for one list item; each saves the form as it stands. */
export function ItemButtons({
  path,
  index,
  count,
  name,
  showName = false,
}: {
  path: string;
  index: number;
  count: number;
  /** The item as a person names it, for the buttons' accessible names: "guideline 2". */
  name: string;
  /** Whether the name shows (a section's buttons, far from its heading) or is for screen readers. */
  showName?: boolean;
}) {
  const label = showName ? <> {name}</> : <span className="visually-hidden"> {name}</span>;
  return (
    <div className="edition-item__buttons">
      {index > 0 ? (
        <button
          type="submit"
          name="intent"
          value={`up:${path}.${index}`}
          className="button button--secondary"
        >
          Move up{label}
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="submit"
          name="intent"
          value={`down:${path}.${index}`}
          className="button button--secondary"
        >
          Move down{label}
        </button>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={`remove:${path}.${index}`}
        className="button button--secondary"
      >
        Remove{label}
      </button>
    </div>
  );
}

/** The refusal of a whole list ("Add at least one."), where the list starts. */
function ListError({ path }: { path: string }) {
  const { error } = useField(path);
  return error ? (
    <p id={`field-${path}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

/** A list of texts (guidelines, paragraphs), each with its buttons, and a button to add one. */
export function TextList({
  path,
  legend,
  itemLabel,
  addLabel,
  multiline = false,
}: {
  path: string;
  legend: string;
  /** "Guideline", numbered for each item. */
  itemLabel: string;
  addLabel: string;
  /** Each item in a box of several lines: a paragraph, or a short text that wraps ("short"). */
  multiline?: boolean | "short";
}) {
  return (
    <ListFieldset
      path={path}
      legend={legend}
      itemLabel={itemLabel}
      addLabel={addLabel}
      addIntent={`add-text:${path}`}
    >
      {(itemPath, label) =>
        multiline ? (
          <TextArea path={itemPath} label={label} rows={multiline === "short" ? 2 : 4} />
        ) : (
          <Field path={itemPath} label={label} />
        )
      }
    </ListFieldset>
  );
}

/** A list of items of several fields (links, facts, presenters). */
export function ItemList({
  path,
  legend,
  itemLabel,
  addLabel,
  children,
}: {
  path: string;
  legend: string;
  itemLabel: string;
  addLabel: string;
  children: (itemPath: string, label: string) => ReactNode;
}) {
  return (
    <ListFieldset
      path={path}
      legend={legend}
      itemLabel={itemLabel}
      addLabel={addLabel}
      addIntent={`add-item:${path}`}
    >
      {(itemPath, label) => (
        <>
          <p className="edition-item__title">{label}</p>
          {children(itemPath, label)}
        </>
      )}
    </ListFieldset>
  );
}

/** A list's fieldset: its refusal, its numbered items each with their buttons, and an Add button. */
function ListFieldset({
  path,
  legend,
  itemLabel,
  addLabel,
  addIntent,
  children,
}: {
  path: string;
  legend: string;
  itemLabel: string;
  addLabel: string;
  addIntent: string;
  children: (itemPath: string, label: string) => ReactNode;
}) {
  const count = useListLength(path);
  return (
    <fieldset className="edition-list" id={`field-${path}`}>
      <legend>{legend}</legend>
      <ListError path={path} />
      <ol className="edition-list__items">
        {Array.from({ length: count }, (_, index) => {
          const label = `${itemLabel} ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are numbered by position; the form is re-keyed on every answer
            <li key={index} className="edition-item">
              {children(`${path}.${index}`, label)}
              <ItemButtons path={path} index={index} count={count} name={label.toLowerCase()} />
            </li>
          );
        })}
      </ol>
      <button type="submit" name="intent" value={addIntent} className="button button--secondary">
        {addLabel}
      </button>
    </fieldset>
  );
}

/** Every refusal at the top of the form, each linking to its field. */
export function IssueSummary({ issues }: { issues: Record<string, string> }) {
  const entries = Object.entries(issues);
  if (!entries.length) return null;
  return (
    <div className="message message--error" role="alert">
      <p>
        Nothing was saved:{" "}
        {entries.length === 1 ? "one thing needs" : `${entries.length} things need`} fixing.
      </p>
      <ul>
        {entries.map(([path, message]) => (
          <li key={path}>
            <a href={`#field-${path}`}>{fieldName(path)}</a>: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
