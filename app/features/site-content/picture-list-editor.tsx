import "./page-forms.css";
import { Link } from "~/components/link";
import { FieldFrame } from "~/components/text-field";
import { UploadProgress } from "~/components/upload-progress";
import type { ImagePurpose } from "~/lib/media/media-limits";
import type { FormValue } from "./page-forms-fields";
import { intentValue } from "./page-forms-intents";
import type { PictureThumbnail, PictureThumbnails } from "./page-forms-pictures";
import { rowMoves, rowPlaceholders } from "./picture-list-rows";

/**
 * A list of uploaded pictures inside a content form: each row shows its preview, its alt text
 * (required) and caption, and Move up, Move down and Remove (buttons that post the whole form, so
 * nothing typed is lost). Rows are named `{list}.{n}.media|alt|caption`, like every list of the form.
 *
 * The markup is the form without JavaScript: the file field and its button belong to a separate upload
 * form (`uploadFormId`, drawn after the content form by `PictureUploadForm`), which posts one picture
 * and comes back to the form with it added; the hint says to save typed changes first. The content
 * editors' own script (picture-uploads-script.ts) upgrades it: many files picked at once, sent one by
 * one to the JSON endpoint with a progress bar each, every stored picture a new row drawn from the
 * row template without leaving the page. What only the script shows waits in `<template>`s and in
 * `data-enhanced-text` attributes.
 */
export function PictureListEditor({
  list,
  items,
  errors,
  pictures,
  purpose,
  max,
  legend,
  hint,
  uploadFormId,
  itemLabel = "picture",
  fieldId = dashedFieldId,
  listId,
}: {
  /** The list's dotted path in the form ("carousel"). */
  list: string;
  items: FormValue[];
  errors: Record<string, string>;
  pictures: PictureThumbnails;
  purpose: ImagePurpose;
  max: number;
  legend: string;
  hint: string;
  uploadFormId: string;
  itemLabel?: string;
  /** The id of the control posted under a path; the form's refusal summary links to it. */
  fieldId?: (path: string) => string;
  /** The list fieldset's id (where an upload without JavaScript comes back to). */
  listId?: string;
}) {
  const rows = items.map((item) => rowOf(item, pictures));
  const room = max - rows.length;
  const fileId = fieldId(`${list}.add`);
  const rowProps = { list, itemLabel, fieldId, errors };

  return (
    <fieldset
      className="page-form__list picture-list"
      id={listId ?? `${fieldId(list)}-list`}
      data-picture-list={purpose}
      data-max={max}
      data-too-many={`Not added: the list holds ${max} pictures at most.`}
    >
      <legend className="page-form__legend">{legend}</legend>
      <p className="field__hint">{hint}</p>
      {errors[list] ? <p className="field__error">{errors[list]}</p> : null}
      <ol className="page-form__items" data-picture-rows>
        {rows.map((row, index) => (
          <PictureRow
            // Rows are positions in the posted list (the same picture may be in it twice).
            // biome-ignore lint/suspicious/noArrayIndexKey: the form is drawn again after every change
            key={`${row.media}-${index}`}
            {...rowProps}
            row={row}
            at={{ index, count: rows.length }}
          />
        ))}
      </ol>
      {room > 0 ? (
        <>
          {/* A picture the script stored, as a row: it fills in the place-holders and the preview. */}
          <template data-picture-row>
            <PictureRow
              {...rowProps}
              errors={{}}
              row={{ media: "", alt: "", caption: "", thumbnail: "template" }}
              at="template"
            />
          </template>
          {/* One file on its way (the script adds the list of them, "Uploads", when it sends some). */}
          <template data-picture-upload>
            <li className="picture-list__upload">
              <span className="picture-list__upload-name" />
              <UploadProgress
                progress={{ percent: 0, announced: 0 }}
                checkingText="making the picture's sizes"
              />
            </li>
          </template>
          <div className="field" data-picture-file>
            <label htmlFor={fileId} className="field__label" data-enhanced-text="Add pictures">
              Add a picture
            </label>
            <p
              className="field__hint"
              id={`${fileId}-hint`}
              data-enhanced-text={`${fileTypesHint} You can choose several at once.`}
            >
              {fileTypesHint} Save your changes first: uploading opens this page again, and anything
              typed but not saved is lost.
            </p>
            <input
              id={fileId}
              type="file"
              name="file"
              form={uploadFormId}
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`${fileId}-hint`}
              className="field__input picture-list__file"
            />
            <button
              type="submit"
              form={uploadFormId}
              className="button button--secondary"
              data-without-script
            >
              Upload the picture
            </button>
          </div>
          {/* What the file field gives way to once the script has filled the list. */}
          <template data-picture-list-full>
            <ListFullHint max={max} />
          </template>
        </>
      ) : (
        <ListFullHint max={max} />
      )}
    </fieldset>
  );
}

const fileTypesHint = "JPEG, PNG or WebP, up to 15 MB and 50 megapixels each.";

function ListFullHint({ max }: { max: number }) {
  return (
    <p className="field__hint">The list holds {max} pictures at most: remove one to add another.</p>
  );
}

type Row = {
  media: string;
  alt: string;
  caption: string;
  /** "template": the row template's preview, which the script gives its picture. */
  thumbnail: PictureThumbnail | undefined | "template";
};

/**
 * One picture of the list, at its place among `count` rows; or the row template (`at="template"`),
 * drawn with place-holders for its index and number and with all three buttons, which the script
 * fills in and keeps as `rowMoves` says for the new row's place.
 */
function PictureRow({
  list,
  itemLabel,
  fieldId,
  errors,
  row,
  at,
}: {
  list: string;
  itemLabel: string;
  fieldId: (path: string) => string;
  errors: Record<string, string>;
  row: Row;
  at: { index: number; count: number } | "template";
}) {
  const index = at === "template" ? rowPlaceholders.index : at.index;
  const number = at === "template" ? rowPlaceholders.number : at.index + 1;
  const moves = at === "template" ? { up: true, down: true } : rowMoves(at.index, at.count);
  const name = `${list}.${index}`;
  const label = `${itemLabel} ${number}`;
  // Each button says what it does to the row (`data-row-button`), for the script's new rows.
  const button = (kind: "up" | "down" | "remove", text: string) => (
    <button
      type="submit"
      name="intent"
      value={intentValue[kind](list, index)}
      formNoValidate
      className={`button button--secondary page-form__small-button${kind === "remove" ? " page-form__remove" : ""}`}
      aria-label={kind === "remove" ? `Remove ${label}` : `Move ${label} ${kind}`}
      data-row-button={kind}
    >
      {text}
    </button>
  );
  return (
    <li className="page-form__item picture-list__item">
      <input type="hidden" name={`${name}.media`} value={row.media} />
      <div className="picture-list__preview">
        {row.thumbnail === "template" ? (
          <img sizes="8rem" alt="" data-picture-preview />
        ) : row.thumbnail ? (
          <img
            src={row.thumbnail.src}
            srcSet={row.thumbnail.srcSet}
            sizes="8rem"
            width={row.thumbnail.width}
            height={row.thumbnail.height}
            alt=""
          />
        ) : (
          <span className="field__hint">No preview: the file may have been deleted.</span>
        )}
      </div>
      <div className="page-form__item-fields">
        <p className="page-form__item-title">{label.charAt(0).toUpperCase() + label.slice(1)}</p>
        {errors[`${name}.media`] ? <p className="field__error">{errors[`${name}.media`]}</p> : null}
        <PictureField
          id={fieldId(`${name}.alt`)}
          name={`${name}.alt`}
          label="Alt text (required)"
          hint="Describe what the photo shows, for someone who cannot see it: who or what is in it and what is happening. Skip words like “photo of”."
          value={row.alt}
          error={errors[`${name}.alt`]}
        />
        <PictureField
          id={fieldId(`${name}.caption`)}
          name={`${name}.caption`}
          label="Caption (optional)"
          hint="Shown under the picture for everyone."
          value={row.caption}
          error={errors[`${name}.caption`]}
        />
      </div>
      <div className="page-form__item-buttons">
        {moves.up ? button("up", "Move up") : null}
        {moves.down ? button("down", "Move down") : null}
        {button("remove", "Remove")}
      </div>
    </li>
  );
}

/** The page forms' ids: the path with dashes ("field-carousel-0-alt"). */
function dashedFieldId(path: string): string {
  return `field-${path.replace(/\./g, "-")}`;
}

/** The separate form the file field posts to without JavaScript (drawn outside the content form). */
export function PictureUploadForm({ id, action }: { id: string; action: string }) {
  return <form id={id} method="post" action={action} encType="multipart/form-data" hidden />;
}

/**
 * The page an upload sent without JavaScript answers with when the editor's session had ended (every
 * other answer redirects back to the form): what happened, a way to sign in and come back, and the
 * way back to the form.
 */
export function UploadSignedOutPage({
  title,
  message,
  back,
  backText,
}: {
  title: string;
  message: string;
  /** The form's address. */
  back: string;
  backText: string;
}) {
  return (
    <div className="container stack">
      <h1>{title}</h1>
      <p className="message message--error" role="alert">
        {message}
      </p>
      <p>
        <Link to={`/login?redirectTo=${encodeURIComponent(back)}`}>Sign in</Link> ·{" "}
        <Link to={back}>{backText}</Link>
      </p>
    </div>
  );
}

function rowOf(item: FormValue, pictures: PictureThumbnails): Row {
  const record = typeof item === "object" && !Array.isArray(item) ? item : {};
  const text = (field: string) => {
    const value = record[field];
    return typeof value === "string" ? value : "";
  };
  return {
    media: text("media"),
    alt: text("alt"),
    caption: text("caption"),
    thumbnail: pictures[text("media")],
  };
}

/** One of a picture's text fields, in the form's field markup, its hint and refusal tied to it. */
function PictureField(props: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
}) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <input
          {...control}
          name={props.name}
          type="text"
          defaultValue={props.value}
          maxLength={300}
          autoComplete="off"
        />
      )}
    </FieldFrame>
  );
}
