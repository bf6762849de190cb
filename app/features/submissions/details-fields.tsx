import { useEffect, useRef, useState } from "react";
import { TextField } from "~/components/text-field";
import {
  applyRowIntent,
  type CoauthorDraft,
  type DetailsDraft,
  detailFields,
  detailLimits,
  emptyCoauthor,
  formatLabels,
  preferredFormats,
  type RowIntent,
  rowIntentValue,
} from "./submission-details";
import "./submissions.css";

export type DetailsFieldsProps = {
  /** The submitting account's name (from the profile): always the first author. */
  submitterName: string;
  draft: DetailsDraft;
  fieldErrors?: Record<string, string>;
  talk: { minutes: number; questionMinutes: number };
};

type Row = { key: number; values: CoauthorDraft };

/**
 * Title, authors and preferred format, for the submit form and the status page's edit form. The
 * co-author buttons are submit buttons (`name="intent"`): without JavaScript they post and the server
 * sends the form back with the rows changed; with JavaScript they change the rows in place. Rows keep
 * their inputs while they move, so typed values move with them.
 */
export function DetailsFields({
  submitterName,
  draft,
  fieldErrors = {},
  talk,
}: DetailsFieldsProps) {
  const nextKey = useRef(draft.coauthors.length);
  const [rows, setRows] = useState<Row[]>(() =>
    draft.coauthors.map((values, key) => ({ key, values })),
  );
  // A new object each time, so pressing the same button twice moves focus twice.
  const [focus, setFocus] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);
  const setFocusId = (id: string) => setFocus({ id });

  const change = (intent: RowIntent) => (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const next = applyRowIntent(rows, intent, () => ({
      key: nextKey.current++,
      values: emptyCoauthor(),
    }));
    setRows(next);
    // Keyboard users stay where they were: on the moved row's button, the new row, or the add button.
    if (intent.kind === "add")
      setFocusId(`field-${detailFields.coauthor(next.length - 1, "name")}`);
    else if (intent.kind === "remove") setFocusId("add-coauthor");
    else {
      // The row's same button when it still has one (a top row has no "up", a bottom row no "down").
      const to = intent.kind === "up" ? intent.index - 1 : intent.index + 1;
      const atEnd = intent.kind === "up" ? to === 0 : to === next.length - 1;
      const kind = atEnd ? (intent.kind === "up" ? "down" : "up") : intent.kind;
      setFocusId(`coauthor-${to}-${kind}`);
    }
  };

  const errorOf = (name: string) => fieldErrors[name];
  return (
    <>
      <TextField
        label="Title"
        name={detailFields.title}
        required
        maxLength={detailLimits.title}
        defaultValue={draft.title}
        error={errorOf(detailFields.title)}
      />
      <fieldset className="details-fieldset">
        <legend className="field__label">Authors</legend>
        <p className="field__hint">
          Authors appear in this order. You are the first author; add your co-authors below.
        </p>
        <div className="author-row card">
          <p className="author-row__name">
            <strong>{submitterName}</strong> (you, from your profile)
          </p>
          <TextField
            label="Your affiliation"
            name={detailFields.affiliation}
            maxLength={detailLimits.affiliation}
            defaultValue={draft.affiliation}
            autoComplete="organization"
            hint="Optional. Your profile's affiliation fills this in."
            error={errorOf(detailFields.affiliation)}
          />
          <label className="check">
            <input
              type="checkbox"
              name={detailFields.presents}
              value="yes"
              defaultChecked={draft.presents}
              aria-describedby={errorOf(detailFields.presents) ? "presents-error" : undefined}
            />{" "}
            I will present
          </label>
          {errorOf(detailFields.presents) ? (
            <p id="presents-error" className="field__error">
              {errorOf(detailFields.presents)}
            </p>
          ) : null}
        </div>
        {rows.length ? (
          <ol className="author-rows">
            {rows.map((row, index) => (
              <CoauthorRow
                key={row.key}
                index={index}
                count={rows.length}
                values={row.values}
                errorOf={errorOf}
                onChange={change}
              />
            ))}
          </ol>
        ) : null}
        <div>
          <button
            type="submit"
            id="add-coauthor"
            name="intent"
            value={rowIntentValue.add}
            formNoValidate
            className="button button--secondary"
            disabled={rows.length >= detailLimits.coauthors}
            onClick={change({ kind: "add" })}
          >
            Add a co-author
          </button>
          <p className="field__hint">
            Up to {detailLimits.coauthors} co-authors. Without JavaScript this button reloads the
            form; choose your PDF again afterwards.
          </p>
        </div>
      </fieldset>
      <fieldset
        className="details-fieldset"
        aria-describedby={errorOf(detailFields.format) ? "format-error" : undefined}
      >
        <legend className="field__label">Preferred format</legend>
        {preferredFormats.map((format) => (
          <label key={format} className="check">
            <input
              type="radio"
              name={detailFields.format}
              value={format}
              required
              defaultChecked={draft.format === format}
            />{" "}
            {format === "talk"
              ? `${formatLabels.talk} (${talk.minutes} minutes plus ${talk.questionMinutes} for questions)`
              : format === "either"
                ? "Either a talk or a poster"
                : formatLabels[format]}
          </label>
        ))}
        {errorOf(detailFields.format) ? (
          <p id="format-error" className="field__error">
            {errorOf(detailFields.format)}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

function CoauthorRow({
  index,
  count,
  values,
  errorOf,
  onChange,
}: {
  index: number;
  count: number;
  values: CoauthorDraft;
  errorOf: (name: string) => string | undefined;
  onChange: (intent: RowIntent) => (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  const name = (part: keyof CoauthorDraft) => detailFields.coauthor(index, part);
  const label = `co-author ${index + 1}`;
  return (
    <li className="author-row card">
      <fieldset className="details-fieldset">
        <legend className="author-row__legend">Co-author {index + 1}</legend>
        <TextField
          label="Name"
          name={name("name")}
          maxLength={detailLimits.name}
          defaultValue={values.name}
          hint="As it should appear in the program, in any script."
          error={errorOf(name("name"))}
        />
        <TextField
          label="Affiliation"
          name={name("affiliation")}
          maxLength={detailLimits.affiliation}
          defaultValue={values.affiliation}
          error={errorOf(name("affiliation"))}
        />
        <TextField
          label="Email (optional)"
          name={name("email")}
          type="email"
          maxLength={detailLimits.email}
          defaultValue={values.email}
          error={errorOf(name("email"))}
        />
        <label className="check">
          <input
            type="checkbox"
            name={name("presents")}
            value="yes"
            defaultChecked={values.presents}
          />{" "}
          Will present
        </label>
        <div className="author-row__actions">
          {index > 0 ? (
            <RowButton intent={{ kind: "up", index }} label={label} onChange={onChange}>
              Move up
            </RowButton>
          ) : null}
          {index < count - 1 ? (
            <RowButton intent={{ kind: "down", index }} label={label} onChange={onChange}>
              Move down
            </RowButton>
          ) : null}
          <RowButton intent={{ kind: "remove", index }} label={label} onChange={onChange}>
            Remove
          </RowButton>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * A co-author row's button: a submit button (without JavaScript the form comes back with the rows
 * changed) that JavaScript handles in place. Move buttons carry an id, so focus can follow the row.
 */
function RowButton(props: {
  intent: Extract<RowIntent, { index: number }>;
  label: string;
  onChange: (intent: RowIntent) => (event: React.MouseEvent<HTMLButtonElement>) => void;
  children: string;
}) {
  const { intent } = props;
  return (
    <button
      type="submit"
      id={intent.kind === "remove" ? undefined : `coauthor-${intent.index}-${intent.kind}`}
      name="intent"
      value={rowIntentValue[intent.kind](intent.index)}
      formNoValidate
      className="button button--secondary"
      onClick={props.onChange(intent)}
    >
      {props.children}
      <span className="visually-hidden"> {props.label}</span>
    </button>
  );
}
