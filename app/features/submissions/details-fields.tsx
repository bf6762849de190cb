import { useEffect, useRef, useState } from "react";
import { TextField } from "~/components/text-field";
import {
  applyRowIntent,
  type CoauthorDraft,
  type DetailsDraft,
  detailFields,
  detailLimits,
  emptyCoauthor,
  focusAfterRowChange,
  formatLabels,
  preferredFormats,
  type RowIntent,
  rowControlIds,
  rowIntentValue,
} from "./submission-details";
import "./submissions.css";

export type DetailsFieldsProps = {
  /** The submitting account's name (from the profile): always the first author. */
  submitterName: string;
  draft: DetailsDraft;
  fieldErrors?: Record<string, string>;
  talk: { minutes: number; questionMinutes: number };
  /**
   * The page does not hydrate (the submit form): the page script changes the rows
   * (coauthor-rows-script.ts), from the markup and the empty row's template rendered here.
   */
  rowsInPageScript?: boolean;
};

type Row = { key: number; values: CoauthorDraft };

/**
 * Title, authors and preferred format, for the submit form and the status page's edit form. The
 * co-author buttons are submit buttons (`name="intent"`): without JavaScript they post and the server
 * sends the form back with the rows changed; with JavaScript they change the rows in place. Rows keep
 * their inputs while they move, so typed values move with them. On a page that hydrates React changes
 * the rows; on the submit form, a document, the page script does, with the same rules.
 */
export function DetailsFields({
  submitterName,
  draft,
  fieldErrors = {},
  talk,
  rowsInPageScript = false,
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
    setFocusId(focusAfterRowChange(intent, next.length));
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
      <fieldset className="details-fieldset" data-coauthor-rows={rowsInPageScript || undefined}>
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
        {/* Always there for the page script, which shows it once a row is added. */}
        {rows.length || rowsInPageScript ? (
          <ol className="author-rows" hidden={rows.length === 0}>
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
        {rowsInPageScript ? (
          <template data-coauthor-template>
            <CoauthorRow
              index={0}
              count={1}
              values={emptyCoauthor()}
              errorOf={() => undefined}
              onChange={change}
            />
          </template>
        ) : null}
        <div>
          <button
            type="submit"
            id={rowControlIds.add}
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
  // The page script renumbers a moved row: its numbers are marked, its names and ids follow the rules
  // of submission-details.ts.
  const number = <span data-row-number="">{index + 1}</span>;
  return (
    <li className="author-row card">
      <fieldset className="details-fieldset">
        <legend className="author-row__legend">Co-author {number}</legend>
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
        {/* A top row cannot move up nor a bottom row down; their buttons are hidden, not left out, so
            a row the page script moves keeps the same buttons. */}
        <div className="author-row__actions">
          <RowButton
            intent={{ kind: "up", index }}
            number={number}
            onChange={onChange}
            hidden={index === 0}
          >
            Move up
          </RowButton>
          <RowButton
            intent={{ kind: "down", index }}
            number={number}
            onChange={onChange}
            hidden={index === count - 1}
          >
            Move down
          </RowButton>
          <RowButton intent={{ kind: "remove", index }} number={number} onChange={onChange}>
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
  /** The row's number, as the row marks it. */
  number: React.ReactNode;
  onChange: (intent: RowIntent) => (event: React.MouseEvent<HTMLButtonElement>) => void;
  hidden?: boolean;
  children: string;
}) {
  const { intent } = props;
  return (
    <button
      type="submit"
      id={intent.kind === "remove" ? undefined : rowControlIds.move(intent.index, intent.kind)}
      hidden={props.hidden}
      name="intent"
      value={rowIntentValue[intent.kind](intent.index)}
      formNoValidate
      className="button button--secondary"
      onClick={props.onChange(intent)}
    >
      {props.children}
      <span className="visually-hidden"> co-author {props.number}</span>
    </button>
  );
}
