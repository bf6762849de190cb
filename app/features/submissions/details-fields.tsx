import { TextField } from "~/components/text-field";
import {
  type CoauthorDraft,
  type DetailsDraft,
  detailFields,
  detailLimits,
  emptyCoauthor,
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
  /** The form also sends a PDF, which a row button's reload without JavaScript does not keep. */
  carriesFile?: boolean;
};

/**
 * Title, authors and preferred format, for the submit form and the status page's edit form, both
 * documents that do not hydrate. The co-author buttons are submit buttons (`name="intent"`): without
 * JavaScript they post and the server sends the form back with the rows changed; with JavaScript the
 * page's script changes the rows in place (coauthor-rows-script.ts), from the markup and the empty
 * row's template rendered here, with the rules of submission-details.ts.
 */
export function DetailsFields({
  submitterName,
  draft,
  fieldErrors = {},
  talk,
  carriesFile = false,
}: DetailsFieldsProps) {
  const rows = draft.coauthors;
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
      <fieldset className="details-fieldset" data-coauthor-rows>
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
        <ol className="author-rows" hidden={rows.length === 0}>
          {rows.map((values, index) => (
            <CoauthorRow
              // A row is its place: only the server (a new page) or the page script changes the rows.
              key={detailFields.coauthor(index, "name")}
              index={index}
              count={rows.length}
              values={values}
              errorOf={errorOf}
            />
          ))}
        </ol>
        <template data-coauthor-template>
          <CoauthorRow index={0} count={1} values={emptyCoauthor()} errorOf={() => undefined} />
        </template>
        <div>
          <button
            type="submit"
            id={rowControlIds.add}
            name="intent"
            value={rowIntentValue.add}
            formNoValidate
            className="button button--secondary"
            disabled={rows.length >= detailLimits.coauthors}
          >
            Add a co-author
          </button>
          <p className="field__hint">
            Up to {detailLimits.coauthors} co-authors.
            {carriesFile
              ? " Without JavaScript this button reloads the form; choose your PDF again afterwards."
              : null}
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
}: {
  index: number;
  count: number;
  values: CoauthorDraft;
  errorOf: (name: string) => string | undefined;
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
          <RowButton intent={{ kind: "up", index }} number={number} hidden={index === 0}>
            Move up
          </RowButton>
          <RowButton intent={{ kind: "down", index }} number={number} hidden={index === count - 1}>
            Move down
          </RowButton>
          <RowButton intent={{ kind: "remove", index }} number={number}>
            Remove
          </RowButton>
        </div>
      </fieldset>
    </li>
  );
}

/**
 * A co-author row's button: a submit button (without JavaScript the form comes back with the rows
 * changed) that the page script handles in place. Move buttons carry an id, so focus can follow the row.
 */
function RowButton(props: {
  intent: Extract<RowIntent, { index: number }>;
  /** The row's number, as the row marks it. */
  number: React.ReactNode;
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
    >
      {props.children}
      <span className="visually-hidden"> co-author {props.number}</span>
    </button>
  );
}
