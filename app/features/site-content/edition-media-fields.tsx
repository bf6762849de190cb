import { useEffect, useState } from "react";
import { UploadProgress, type UploadProgressState } from "~/components/upload-progress";
import { useEditionFormView } from "./edition-fields";
import { type FormValue, valueAt } from "./edition-form";
import {
  type EditionMediaList,
  editionMediaLists,
  editionUploadPaths,
  uploadFormIdOf,
} from "./edition-media-lists";
import { PictureListEditor, PictureUploadForm } from "./picture-list-editor";
import { sendPicture } from "./upload-request";

/** The edition forms' ids are the field's path ("field-pages.0.sections.2.pictures.0.alt"). */
const editionFieldId = (path: string) => `field-${path}`;

/**
 * The uploaded pictures of one media place of a page (a gallery's photos, the program's pages, the
 * schedule), with the page forms' picture list: previews, alt text and caption, Move and Remove, and
 * many files at once with progress (without JavaScript, one at a time through the upload form).
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
 * one). With JavaScript the PDF is sent at once with a progress bar and goes into the form, to be saved
 * with it; without, the field belongs to the upload form, which comes back with the PDF in place.
 */
export function ProgramDocumentField({ path, shipped }: { path: string; shipped?: string }) {
  const { tree, issues, media } = useEditionFormView();
  const saved = valueAt(tree, path);
  const [document, setDocument] = useState(typeof saved === "string" ? saved : "");
  const [uploaded, setUploaded] = useState<{ src: string; pageCount: number | null } | null>(null);
  const [progress, setProgress] = useState<UploadProgressState>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(typeof XMLHttpRequest !== "undefined"), []);
  const refusal = media?.uploadRefusal?.list === path ? media.uploadRefusal.message : null;
  const error = failure ?? refusal ?? issues[path];
  const current = uploaded ?? (document ? media?.documents[document] : undefined);
  const id = editionFieldId(path);

  async function upload(file: File) {
    setFailure(null);
    setProgress({ percent: 0, announced: 0 });
    const answer = await sendPicture(file, "document", setProgress);
    setProgress(null);
    if ("error" in answer) {
      setFailure(answer.error);
      return;
    }
    setDocument(answer.id);
    setUploaded({ src: answer.src, pageCount: answer.pageCount ?? null });
  }

  return (
    <div className="field" id={`${id}-field`}>
      <input type="hidden" name={path} value={document} />
      <p className="field__label">Program PDF</p>
      {current ? (
        <p>
          <a href={current.src} target="_blank" rel="noopener">
            Open the uploaded program
            {current.pageCount ? ` (${pageCountText(current.pageCount)})` : ""}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {uploaded ? " Save the draft to keep it." : null}
        </p>
      ) : document ? (
        <p>The uploaded program is no longer on the site: upload it again.</p>
      ) : shipped ? (
        <p>Shown now: {shipped}, which came with the site. A PDF you upload replaces it.</p>
      ) : (
        <p>No program uploaded yet.</p>
      )}
      <label htmlFor={id} className="field__label">
        {current || shipped ? "Upload another PDF" : "Upload the program"}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        A PDF of at most 40 pages, up to 15 MB.{" "}
        {enhanced
          ? "It is uploaded as soon as you choose it."
          : "Save your changes first: uploading opens this page again, and anything typed but not saved is lost."}
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
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) void upload(file);
        }}
      />
      {progress ? <UploadProgress progress={progress} checkingText="checking the PDF" /> : null}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {enhanced ? null : (
        <button type="submit" form={uploadFormIdOf(path)} className="button button--secondary">
          Upload the PDF
        </button>
      )}
    </div>
  );
}

function pageCountText(pages: number): string {
  return pages === 1 ? "1 page" : `${pages} pages`;
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
