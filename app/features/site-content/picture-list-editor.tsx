import "./page-forms.css";
import { useEffect, useRef, useState } from "react";
import { Link } from "~/components/link";
import { FieldFrame } from "~/components/text-field";
import { UploadProgress, type UploadProgressState } from "~/components/upload-progress";
import type { ImagePurpose } from "~/lib/media/media-limits";
import type { FormValue } from "./page-forms-fields";
import { intentValue } from "./page-forms-intents";
import type { PictureThumbnails } from "./page-forms-pictures";
import { sendPicture } from "./upload-request";

/**
 * A list of uploaded pictures inside a content form: each row shows its preview, its alt text
 * (required) and caption, and Move up, Move down and Remove (buttons that post the whole form, so
 * nothing typed is lost). Rows are named `{list}.{n}.media|alt|caption`, like every list of the form.
 *
 * Adding pictures: with JavaScript, the editor picks many files at once; they are sent one by one to
 * the JSON upload endpoint with a progress bar each, and every stored picture becomes a new row (its
 * alt text focused) without leaving the page; a refused file shows its reason in place and the rest
 * go on. Without JavaScript, the file field and its button belong to a separate upload form
 * (`uploadFormId`, drawn after the content form by `PictureUploadForm`), which posts one picture and
 * comes back to the form with it added; the hint says to save typed changes first.
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
  const [enhanced, setEnhanced] = useState(false);
  const [added, setAdded] = useState<{ media: string; thumbnail: PictureThumbnails[string] }[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => setEnhanced(typeof XMLHttpRequest !== "undefined"), []);
  useEffect(() => {
    if (focusIndex === null) return;
    // The new row's alt text is focused, unless the editor is already typing in another field.
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && active.type === "text";
    if (!typing || active.value === "") {
      document.getElementById(fieldId(`${list}.${focusIndex}.alt`))?.focus();
    }
    setFocusIndex(null);
  }, [focusIndex, fieldId, list]);

  const rows = [
    ...items.map((item) => rowOf(item, pictures)),
    ...added.map((row) => ({ media: row.media, alt: "", caption: "", thumbnail: row.thumbnail })),
  ];
  const room = max - rows.length;
  // Places in the list taken by stored or pending uploads, and the chain that sends them one at a
  // time (the site lets an account have one upload in flight), across batches picked meanwhile.
  const claimed = useRef(0);
  const stored = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  function addFiles(files: File[]) {
    const entries = files.map((file, index) => {
      const hasRoom = items.length + claimed.current < max;
      if (hasRoom) claimed.current++;
      return {
        key: `${Date.now()}-${index}-${file.name}`,
        name: file.name,
        file: hasRoom ? file : null,
        progress: null,
        error: hasRoom ? null : `Not added: the list holds ${max} pictures at most.`,
      };
    });
    // A new batch clears the refusals of the last one; uploads still running stay.
    setUploads((old) => [...old.filter((upload) => upload.error === null), ...entries]);
    for (const entry of entries) {
      const { file } = entry;
      if (file) queue.current = queue.current.then(() => sendOne(entry.key, file));
    }
  }

  async function sendOne(key: string, file: File) {
    const update = (change: Partial<Upload>) =>
      setUploads((old) =>
        old.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
      );
    const answer = await sendPicture(file, purpose, (progress) => update({ progress }));
    if ("error" in answer) {
      claimed.current--;
      update({ progress: null, error: answer.error });
      return;
    }
    const index = items.length + stored.current++;
    setAdded((old) => [...old, { media: answer.id, thumbnail: answer }]);
    setUploads((old) => old.filter((upload) => upload.key !== key));
    setFocusIndex(index);
  }

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
  const fileId = fieldId(`${list}.add`);

  return (
    <fieldset className="page-form__list picture-list" id={listId ?? `${fieldId(list)}-list`}>
      <legend className="page-form__legend">{legend}</legend>
      <p className="field__hint">{hint}</p>
      {errors[list] ? <p className="field__error">{errors[list]}</p> : null}
      <ol className="page-form__items">
        {rows.map((row, index) => {
          const name = `${list}.${index}`;
          const label = `${itemLabel} ${index + 1}`;
          return (
            // Rows are positions in the posted list (the same picture may be in it twice).
            // biome-ignore lint/suspicious/noArrayIndexKey: the form is drawn again after every change
            <li key={`${row.media}-${index}`} className="page-form__item picture-list__item">
              <input type="hidden" name={`${name}.media`} value={row.media} />
              <div className="picture-list__preview">
                {row.thumbnail ? (
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
                <p className="page-form__item-title">
                  {label.charAt(0).toUpperCase() + label.slice(1)}
                </p>
                {errors[`${name}.media`] ? (
                  <p className="field__error">{errors[`${name}.media`]}</p>
                ) : null}
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
                {index > 0
                  ? button(intentValue.up(list, index), "Move up", `Move ${label} up`)
                  : null}
                {index < rows.length - 1
                  ? button(intentValue.down(list, index), "Move down", `Move ${label} down`)
                  : null}
                {button(
                  intentValue.remove(list, index),
                  "Remove",
                  `Remove ${label}`,
                  "page-form__remove",
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {uploads.length ? (
        <ul className="picture-list__uploads" aria-label="Uploads">
          {uploads.map((upload) => (
            <li key={upload.key} className="picture-list__upload">
              <span className="picture-list__upload-name">{upload.name}</span>
              {upload.error ? (
                <span className="field__error" role="alert">
                  {upload.error}
                </span>
              ) : (
                <UploadProgress
                  progress={upload.progress ?? { percent: 0, announced: 0 }}
                  checkingText="making the picture's sizes"
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div className="field">
          <label htmlFor={fileId} className="field__label">
            {enhanced ? "Add pictures" : "Add a picture"}
          </label>
          <p className="field__hint" id={`${fileId}-hint`}>
            JPEG, PNG or WebP, up to 15 MB and 50 megapixels each.{" "}
            {enhanced
              ? "You can choose several at once."
              : "Save your changes first: uploading opens this page again, and anything typed but not saved is lost."}
          </p>
          <input
            id={fileId}
            type="file"
            name="file"
            form={uploadFormId}
            accept="image/jpeg,image/png,image/webp"
            multiple={enhanced}
            aria-describedby={`${fileId}-hint`}
            className="field__input picture-list__file"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              if (files.length) addFiles(files);
            }}
          />
          {enhanced ? null : (
            <button type="submit" form={uploadFormId} className="button button--secondary">
              Upload the picture
            </button>
          )}
        </div>
      ) : (
        <p className="field__hint">
          The list holds {max} pictures at most: remove one to add another.
        </p>
      )}
    </fieldset>
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

type Upload = {
  key: string;
  name: string;
  file: File | null;
  progress: UploadProgressState;
  error: string | null;
};

function rowOf(item: FormValue, pictures: PictureThumbnails) {
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
