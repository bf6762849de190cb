import { UploadProgress } from "~/components/upload-progress";
import { useEditionFormView } from "./edition-fields";
import { type FormValue, valueAt } from "./edition-form";
import {
  type EditionMediaList,
  editionMediaLists,
  editionUploadPaths,
  uploadFormIdOf,
} from "./edition-media-lists";
import { PictureListEditor, PictureUploadForm } from "./picture-list-editor";
import { pageCountText } from "./picture-list-rows";

/** The edition forms' ids are the field's path ("field-pages.0.sections.2.pictures.0.alt"). */
const editionFieldId = (path: string) => `field-${path}`;

/**
 * The uploaded pictures of one media place of a page (a gallery's photos, the program's pages, the
 * schedule), with the page forms' picture list: previews, alt text and caption, Move and Remove, and
 * many files at once with progress from the content editors' own script (without it, one at a time
 * through the upload form).
 */
export function EditionPictureList({
  list,
  legend,
  hint,
}: {
  list: Extract<EditionMediaList, { kind: "pictures" }>;
  legend: string;
  hint: string;
}) {
  const { tree, issues, media } = useEditionFormView();
  const items = valueAt(tree, list.path);
  const refusal = media?.uploadRefusal?.list === list.path ? media.uploadRefusal.message : null;
  return (
    <PictureListEditor
      list={list.path}
      items={Array.isArray(items) ? items : []}
      errors={refusal ? { ...issues, [list.path]: refusal } : issues}
      pictures={media?.thumbnails ?? {}}
      purpose={list.purpose}
      max={list.max}
      legend={legend}
      hint={hint}
      uploadFormId={uploadFormIdOf(list.path)}
      itemLabel={list.itemLabel}
      fieldId={editionFieldId}
      listId={editionFieldId(list.path)}
    />
  );
}

/**
 * The program PDF of a program section: the file shown now, and a file field to upload one (or a new
 * one). The markup is the field without JavaScript: the file field belongs to the upload form, which
 * comes back with the PDF in place. The content editors' own script (picture-uploads-script.ts)
 * sends the PDF as soon as it is chosen, with a progress bar, and puts it into the form, to be saved
 * with it; what only it shows waits in `<template>`s and `data-enhanced-text` attributes.
 */
export function ProgramDocumentField({ path, shipped }: { path: string; shipped?: string }) {
  const { tree, issues, media } = useEditionFormView();
  const saved = valueAt(tree, path);
  const document = typeof saved === "string" ? saved : "";
  const refusal = media?.uploadRefusal?.list === path ? media.uploadRefusal.message : null;
  const error = refusal ?? issues[path];
  const current = document ? media?.documents[document] : undefined;
  const id = editionFieldId(path);
  const sizeHint = "A PDF of at most 40 pages, up to 15 MB.";

  return (
    <div className="field" id={`${id}-field`} data-program-document>
      <input type="hidden" name={path} value={document} />
      <p className="field__label">Program PDF</p>
      {current ? (
        <p data-program-status>
          <a href={current.src} target="_blank" rel="noopener">
            Open the uploaded program
            {current.pageCount ? ` (${pageCountText(current.pageCount)})` : ""}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : document ? (
        <p data-program-status>The uploaded program is no longer on the site: upload it again.</p>
      ) : shipped ? (
        <p data-program-status>
          Shown now: {shipped}, which came with the site. A PDF you upload replaces it.
        </p>
      ) : (
        <p data-program-status>No program uploaded yet.</p>
      )}
      {/* What the status above becomes once the script has uploaded a PDF (it adds the page count). */}
      <template data-program-uploaded>
        <p data-program-status>
          {/* biome-ignore lint/a11y/useValidAnchor: the script gives it the uploaded PDF's address */}
          <a target="_blank" rel="noopener">
            Open the uploaded program
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          Save the draft to keep it.
        </p>
      </template>
      <label htmlFor={id} className="field__label" data-uploaded-text="Upload another PDF">
        {current || shipped ? "Upload another PDF" : "Upload the program"}
      </label>
      <p
        className="field__hint"
        id={`${id}-hint`}
        data-enhanced-text={`${sizeHint} It is uploaded as soon as you choose it.`}
      >
        {sizeHint} Save your changes first: uploading opens this page again, and anything typed but
        not saved is lost.
      </p>
      <input
        id={id}
        type="file"
        name="file"
        form={uploadFormIdOf(path)}
        accept="application/pdf,.pdf"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="field__input picture-list__file"
        data-program-file
      />
      <template data-program-progress>
        <UploadProgress progress={{ percent: 0, announced: 0 }} checkingText="checking the PDF" />
      </template>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        form={uploadFormIdOf(path)}
        className="button button--secondary"
        data-without-script
      >
        Upload the PDF
      </button>
    </div>
  );
}

/**
 * The upload forms of every media place of the page, drawn after the page's form (forms cannot nest):
 * without JavaScript each file field posts its own.
 */
export function EditionUploadForms({ tree }: { tree: Record<string, FormValue> }) {
  const { media } = useEditionFormView();
  if (!media) return null;
  return (
    <>
      {editionMediaLists(tree, media.pageIndex).map((list) => (
        <PictureUploadForm
          key={list.path}
          id={uploadFormIdOf(list.path)}
          action={editionUploadPaths.form(media.year, media.pageIndex, list.path)}
        />
      ))}
    </>
  );
}
