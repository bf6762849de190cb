import { FieldFrame } from "~/components/text-field";
import { UploadProgress } from "~/components/upload-progress";
import { memberFieldName } from "./board-season-form";
import { portraitUploadFormId } from "./board-season-portraits";
import type { PictureThumbnail } from "./page-forms-pictures";

/**
 * A board member's uploaded portrait inside the season form: its preview, its hidden media id and
 * its alt text, posted with the form. The page is a document; the server draws the field as it works
 * without JavaScript, and the season form's own script (season-portrait-script.ts) puts in the version
 * with it, drawn here in `<template>`s.
 *
 * With the script, choosing a file sends it to the JSON upload endpoint (purpose "portrait": square,
 * 200 and 400 px) with a progress bar; the stored picture replaces the preview and the alt text is
 * filled with "Portrait of {name}" for the editor to improve, and "Remove the portrait" clears it in
 * place. This works for every member, saved or not. Nothing is saved until the editor saves the form.
 *
 * Without it, the file field and its button belong to the member's own upload form
 * (`portraitUploadFormId`, drawn after the season form), which posts one picture to the season's
 * portrait route and comes back with it on the member, its alt text prefilled, and `message` beside
 * it (or the refusal); the hint says to save typed changes first. "Remove the portrait" is then one
 * of the season form's buttons (`remove-portrait:N`): it posts the whole form, and nothing is saved
 * until "Save draft", like the member buttons. A member not saved yet (no id) gets a portrait once
 * the season is saved.
 */
export function SeasonPortraitField({
  index,
  season,
  memberId,
  media,
  alt,
  thumbnail,
  error,
  autoFocus,
  focusFile,
  message,
}: {
  index: number;
  /** The saved season's id; null on "Add a season" (nothing to upload to without JavaScript). */
  season: string | null;
  /** The member's id; empty for a member not saved yet. */
  memberId: string;
  media: string;
  alt: string;
  thumbnail: PictureThumbnail | undefined;
  error: string | undefined;
  /** The form came back refusing this alt text, or with a portrait just uploaded: the cursor starts here. */
  autoFocus: boolean;
  /** The form came back after this portrait was removed: the cursor starts in the file field. */
  focusFile: boolean;
  /** What an upload without JavaScript came to, for this member. */
  message: { tone: "success" | "error"; text: string } | null;
}) {
  const place = index + 1;
  const id = `member-${index}-portrait`;
  const altName = memberFieldName(index, "portraitAlt");
  const fileLabel = media ? "Replace the portrait" : "Add a portrait";
  const removeText = (
    <>
      Remove the portrait<span className="visually-hidden"> of member {place}</span>
    </>
  );

  return (
    <fieldset
      className="season-portrait"
      id={id}
      data-portrait-field=""
      data-name-field={memberFieldName(index, "name")}
    >
      <legend>Portrait (optional)</legend>
      {message ? (
        <p
          id={`${id}-message`}
          className={`message ${message.tone === "error" ? "message--error" : "message--success"}`}
          role={message.tone === "error" ? "alert" : "status"}
        >
          {message.text}
        </p>
      ) : null}
      <input
        type="hidden"
        name={memberFieldName(index, "portraitMedia")}
        value={media}
        data-portrait-media=""
      />
      {media ? (
        <PortraitInForm
          id={id}
          altName={altName}
          alt={alt}
          thumbnail={thumbnail}
          error={error}
          autoFocus={autoFocus}
        />
      ) : null}
      {/* A portrait the script puts in the form, the first or after one was removed. */}
      <template data-portrait-in-form="">
        <PortraitInForm id={id} altName={altName} alt="" thumbnail={undefined} error={undefined} />
      </template>
      {/* What the season's script puts in place of the part below (season-portrait-script.ts): the
          file is sent as soon as it is chosen, with a progress bar, never with the season form. */}
      <template data-portrait-upload="">
        <div className="field" data-portrait-upload="">
          <label htmlFor={`${id}-file`} className="field__label" data-portrait-file-label="">
            {fileLabel}
          </label>
          <p id={`${id}-file-hint`} className="field__hint">
            A JPEG, PNG or WebP photo up to 15 MB; it is cropped square. Saved with the form.
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${id}-file-hint`}
            className="field__input"
            data-portrait-file=""
          />
          <button
            type="button"
            className="admin-link-button"
            hidden={!media}
            data-portrait-remove=""
          >
            {removeText}
          </button>
        </div>
      </template>
      <template data-portrait-progress="">
        <UploadProgress
          progress={{ percent: 0, announced: 0 }}
          checkingText="making the portrait's sizes"
        />
      </template>
      {season && memberId ? (
        <div className="field" data-portrait-without-script="">
          <label htmlFor={`${id}-file`} className="field__label">
            {fileLabel}
          </label>
          <p id={`${id}-file-hint`} className="field__hint">
            A JPEG, PNG or WebP photo up to 15 MB; it is cropped square. Save your changes first:
            uploading opens this page again, and anything typed but not saved is lost.
          </p>
          {/* Posted by the member's own upload form, never with the season form. */}
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            form={portraitUploadFormId(index)}
            accept="image/jpeg,image/png,image/webp"
            // A refusal beside the portrait is read with the field it sends the editor back to.
            aria-describedby={
              message?.tone === "error" ? `${id}-message ${id}-file-hint` : `${id}-file-hint`
            }
            className="field__input"
            // biome-ignore lint/a11y/noAutofocus: restores focus after the editor's own button press
            autoFocus={focusFile}
          />
          <div className="season-portrait__buttons">
            <button
              type="submit"
              form={portraitUploadFormId(index)}
              className="button button--secondary"
            >
              Upload the portrait<span className="visually-hidden"> of member {place}</span>
            </button>
            {media ? (
              <button
                type="submit"
                name="intent"
                value={`remove-portrait:${index}`}
                className="admin-link-button"
              >
                {removeText}
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        <p className="field__hint" data-portrait-without-script="">
          {season
            ? "Save the season first (press “Save draft”): a new member gets a portrait once saved."
            : "Save the season first (press “Save draft”): portraits can be added once it is saved."}
        </p>
      )}
    </fieldset>
  );
}

/** The portrait the form holds: its preview and its alt text, posted with the season form. */
function PortraitInForm({
  id,
  altName,
  alt,
  thumbnail,
  error,
  autoFocus = false,
}: {
  id: string;
  altName: string;
  alt: string;
  thumbnail: PictureThumbnail | undefined;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <div data-portrait-in-form="">
      <div className="season-portrait__preview" data-portrait-preview="">
        {thumbnail ? (
          <img
            src={thumbnail.src}
            srcSet={thumbnail.srcSet}
            sizes="6rem"
            width={thumbnail.width}
            height={thumbnail.height}
            alt=""
          />
        ) : (
          <span className="field__hint">No preview: the file may have been deleted.</span>
        )}
      </div>
      <FieldFrame
        id={`${id}-alt`}
        label="Portrait alt text (required)"
        hint="Describe the portrait for someone who cannot see it: who it is and how they look."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            name={altName}
            type="text"
            defaultValue={alt}
            maxLength={300}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: restores focus to the field the refusal names
            autoFocus={autoFocus}
          />
        )}
      </FieldFrame>
    </div>
  );
}
