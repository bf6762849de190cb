import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { RedrawnForm } from "~/components/redrawn-form";
import { type FieldControlProps, FieldFrame } from "~/components/text-field";
import type { FormValue, FormValues, PageForm } from "./page-forms-fields";
import { intentValue } from "./page-forms-intents";
import type { PictureThumbnails } from "./page-forms-pictures";
import "./page-forms.css";

/**
 * The pieces every page form is made of. Inputs are named by their dotted path and filled from the
 * values the page was given (the stored draft, or the form as it was posted); each field shows its own
 * refusal under it, tied to it for screen readers.
 */

export type PageFormProps = {
  form: PageForm;
  title: string;
  intro: string;
  kind: string;
  values: FormValues;
  errors: Record<string, string>;
  basedOn: string;
  formKey: string;
  message: { tone: "success" | "error"; text: string } | null;
  status: { publishedVersion: number | null; hasUnpublishedChanges: boolean };
  /** Previews of the uploaded pictures the values name, by media id. */
  pictures: PictureThumbnails;
};

/** Reads a value by dotted path ("openRound.notes.2"); "" when it is not there. */
export function valueAt(values: FormValues, name: string): string {
  let node: FormValue | undefined = values;
  for (const part of name.split(".")) {
    if (node === undefined || typeof node === "string") return "";
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return typeof node === "string" ? node : "";
}

export function itemsAt(values: FormValues, name: string): FormValue[] {
  let node: FormValue | undefined = values;
  for (const part of name.split(".")) {
    if (node === undefined || typeof node === "string" || Array.isArray(node)) return [];
    node = node[part];
  }
  return Array.isArray(node) ? node : [];
}

/**
 * Where a form's preview is, and the generic history and restore screen of its document (built with
 * the content list; its address is `/user-data/content/{kind}/{key}/history` there).
 */
export const pageFormPaths = {
  form: (form: PageForm) => `/user-data/content/${form}`,
  preview: (form: PageForm) => `/user-data/content/preview/${form}`,
  history: (kind: string) => `/user-data/content/${kind}/main/history`,
};

const idOf = (name: string) => `field-${name.replace(/\./g, "-")}`;

type FieldOptions = {
  hint?: string;
  type?: "text" | "email" | "url" | "date" | "time";
  maxLength?: number;
  inputMode?: "numeric";
  autoComplete?: string;
};

/** The inputs of one form, bound to its values and refusals. */
export function fieldsOf(values: FormValues, errors: Record<string, string>) {
  // Ids keep dots out (`social-0-href`), so they read as plain CSS selectors.
  const frame = (
    name: string,
    label: string,
    hint: string | undefined,
    input: (control: FieldControlProps) => ReactNode,
  ) => (
    <FieldFrame key={name} id={idOf(name)} label={label} hint={hint} error={errors[name]}>
      {input}
    </FieldFrame>
  );
  return {
    text: (name: string, label: string, options: FieldOptions = {}) =>
      frame(name, label, options.hint, (control) => (
        <input
          {...control}
          name={name}
          defaultValue={valueAt(values, name)}
          type={options.type ?? "text"}
          maxLength={options.maxLength ?? 300}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete ?? "off"}
        />
      )),
    area: (name: string, label: string, options: { hint?: string; rows?: number } = {}) =>
      frame(name, label, options.hint, (control) => (
        <textarea
          {...control}
          name={name}
          defaultValue={valueAt(values, name)}
          rows={options.rows ?? 5}
          maxLength={10_000}
        />
      )),
    select: (name: string, label: string, choices: Record<string, string>) =>
      frame(name, label, undefined, (control) => (
        <select {...control} name={name} defaultValue={valueAt(values, name)}>
          {Object.entries(choices).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )),
    hidden: (name: string) => (
      <input key={name} type="hidden" name={name} value={valueAt(values, name)} />
    ),
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Multi-line fields take paragraphs and emphasis; said once, under each such field. */
export const formattingHint =
  "Leave an empty line between paragraphs. Put *stars* around words to make them stand out.";

/**
 * A list's items, each with its own Move up, Move down and Remove buttons, and an Add button. The
 * buttons post the whole form (nothing typed is lost) and skip the browser's checks, so a half-typed
 * row never blocks removing it.
 */
export function ListEditor({
  list,
  items,
  itemLabel,
  legend,
  addLabel,
  renderItem,
  empty,
  titled = true,
}: {
  list: string;
  items: FormValue[];
  itemLabel: string;
  legend: string;
  addLabel: string;
  renderItem: (prefix: string, index: number) => ReactNode;
  empty?: string;
  /** Items of several fields get a title ("Event 2"); a one-line item's label says it already. */
  titled?: boolean;
}) {
  const button = (intent: string, text: string, label: string, className = "") => (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      className={`button button--secondary page-form__small-button ${className}`}
      aria-label={label}
    >
      {text}
    </button>
  );
  return (
    <fieldset className="page-form__list">
      <legend className="page-form__legend">{legend}</legend>
      {items.length === 0 && empty ? <p className="field__hint">{empty}</p> : null}
      <ol className="page-form__items">
        {items.map((_, index) => {
          const name = `${itemLabel} ${index + 1}`;
          return (
            // Items are positions in the posted list: the form is drawn again after every change.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list has no other identity in the form
            <li key={index} className="page-form__item">
              {titled ? <p className="page-form__item-title">{capitalise(name)}</p> : null}
              <div className="page-form__item-fields">{renderItem(`${list}.${index}`, index)}</div>
              <div className="page-form__item-buttons">
                {index > 0
                  ? button(intentValue.up(list, index), "Move up", `Move ${name} up`)
                  : null}
                {index < items.length - 1
                  ? button(intentValue.down(list, index), "Move down", `Move ${name} down`)
                  : null}
                {button(
                  intentValue.remove(list, index),
                  "Remove",
                  `Remove ${name}`,
                  "page-form__remove",
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {button(intentValue.add(list), addLabel, addLabel)}
    </fieldset>
  );
}

/** The page around a form: where it stands, its message, Save and Publish, Preview and History. */
export function PageFormFrame(
  props: PageFormProps & {
    children: ReactNode;
    /** Drawn after the form: forms of its own (a picture upload) cannot sit inside it. */
    after?: ReactNode;
  },
) {
  const { status } = props;
  return (
    <div className="page-form stack">
      <p>
        <Link to="/user-data/content">All site content</Link>
      </p>
      <h1>{props.title}</h1>
      <p className="lead">{props.intro}</p>
      <p className="page-form__status">
        {status.publishedVersion === null
          ? "Not on the site yet."
          : status.hasUnpublishedChanges
            ? `Visitors see version ${status.publishedVersion}. The draft below has changes they do not see yet.`
            : `Visitors see version ${status.publishedVersion}, the same as the draft below.`}{" "}
        <Link to={pageFormPaths.history(props.kind)}>History and restore</Link>
      </p>
      {props.message ? (
        <p
          className={`message message--${props.message.tone}`}
          role={props.message.tone === "error" ? "alert" : "status"}
        >
          {props.message.text}
        </p>
      ) : null}
      <RedrawnForm method="post" key={props.formKey} className="page-form__form">
        {/* Enter in a field saves: the first submit button of a form is the one Enter presses. */}
        <button type="submit" name="intent" value="save" hidden>
          Save draft
        </button>
        <input type="hidden" name="basedOn" value={props.basedOn} />
        {props.children}
        <div className="page-form__actions">
          <button type="submit" name="intent" value="save" className="button button--secondary">
            Save draft
          </button>
          <button type="submit" name="intent" value="publish" className="button">
            Publish
          </button>
          <Link to={pageFormPaths.preview(props.form)} className="page-form__preview">
            Preview the saved draft
          </Link>
        </div>
        <p className="field__hint">
          Publish saves what is in the form and puts it on the site at once. The preview shows the
          draft as last saved.
        </p>
      </RedrawnForm>
      {props.after}
    </div>
  );
}
