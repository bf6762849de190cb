import { SubmitButton } from "~/components/submit-button";
import { UploadProgress } from "~/components/upload-progress";
import { finalMaterialPaths } from "./final-material-paths";

/**
 * One abstract's upload form. Without JavaScript it is a plain multipart post (a refusal answers on
 * the final-materials page, with a way back). With the page's script (congratulations-script.ts) it
 * is sent with a progress bar, and a refusal is shown here, in the form: focus moves to the message,
 * the consent tick stays as it was, and only the refused file is cleared (so it is not sent twice by
 * accident).
 */
export function FinalMaterialUploadForm(props: {
  submissionId: string;
  fieldId: string;
  kind: string;
  mayPublish: boolean;
  hasMaterial: boolean;
  maxMegabytes: number;
  maxPages: number;
}) {
  const { fieldId, kind } = props;
  return (
    <form
      method="post"
      action={finalMaterialPaths.upload(props.submissionId)}
      encType="multipart/form-data"
      className="final-materials__form"
      data-material-upload=""
    >
      {/* A refusal is written here, and takes focus. */}
      <div tabIndex={-1} data-upload-message="" />
      {/* The checkbox comes before the file: the server reads fields that precede it. */}
      <div className="field field--checkbox">
        <input
          id={`${fieldId}-publish`}
          type="checkbox"
          name="mayPublish"
          value="yes"
          defaultChecked={props.mayPublish}
        />
        <label htmlFor={`${fieldId}-publish`}>
          The {kind} may be published on the conference page after the conference
        </label>
      </div>
      <div className="field">
        <label htmlFor={`${fieldId}-file`} className="field__label">
          {props.hasMaterial ? `Replace your ${kind}` : `Your ${kind}`} (PDF, up to{" "}
          {props.maxMegabytes} MB)
        </label>
        <input
          id={`${fieldId}-file`}
          className="submission__file"
          type="file"
          name="material"
          accept=".pdf,application/pdf"
          required
          aria-describedby={`${fieldId}-hint`}
        />
        <p id={`${fieldId}-hint`} className="field__hint">
          At most {props.maxPages} pages.
        </p>
      </div>
      <UploadProgress progress={null} checkingText="checking the PDF" />
      <SubmitButton pendingLabel="Uploading...">
        {props.hasMaterial ? `Replace ${kind}` : `Upload ${kind}`}
      </SubmitButton>
    </form>
  );
}
