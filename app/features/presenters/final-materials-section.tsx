import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { formatConferenceDateTime } from "~/lib/dates";
import { finalMaterialPaths, finalMaterialsHeadingId } from "./final-material-paths";
import { FinalMaterialUploadForm } from "./final-material-upload-form";
import "./final-materials.css";

/** What `loadFinalMaterialsSection` gives the congratulations page. */
export type FinalMaterialsSectionProps = {
  materialsDueText: string;
  organizersEmail: string;
  isOpen: boolean;
  maxMegabytes: number;
  maxPages: number;
  /** The result of the last upload or consent change (from the redirect back here). */
  message: string | null;
  items: {
    submissionId: string;
    title: string;
    kind: "slides" | "poster";
    isConfirmed: boolean;
    canStillConfirm: boolean;
    material: {
      fileName: string;
      sizeBytes: number;
      pageCount: number;
      uploadedAt: string;
      mayPublish: boolean;
    } | null;
  }[];
};

const kindNames = { slides: "slides", poster: "poster" } as const;

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The congratulations page's "Final materials" part: per accepted abstract, the uploaded slides or
 * poster, a form to upload (or replace) it with the consent to publication, and a form to change that
 * consent, until the materials are due. The forms are the browser's own; the page's script shows the
 * upload's progress and a refusal in place (final-material-upload-form.tsx).
 */
export function FinalMaterialsSection(props: FinalMaterialsSectionProps) {
  return (
    <section aria-labelledby={finalMaterialsHeadingId} className="final-materials stack">
      <h2 id={finalMaterialsHeadingId}>Final materials</h2>
      <p>
        {props.isOpen
          ? `Upload your final slides (talks) or poster (posters) as a PDF by ${props.materialsDueText}. You can replace it until then.`
          : `Final materials were due by ${props.materialsDueText}, so this page no longer takes files.`}{" "}
        {props.isOpen ? null : (
          <>
            For a late file, email the organizers at{" "}
            <a href={`mailto:${props.organizersEmail}`}>{props.organizersEmail}</a>.
          </>
        )}
      </p>
      <FormMessage message={props.message} />
      {props.items.map((item) => {
        const kind = kindNames[item.kind];
        const fieldId = `material-${item.submissionId}`;
        return (
          <article
            key={item.submissionId}
            className="final-materials__item card stack"
            aria-labelledby={`${fieldId}-title`}
          >
            <h3 id={`${fieldId}-title`} className="final-materials__title">
              {item.title}
            </h3>
            {item.material ? (
              <p>
                Your {kind}:{" "}
                <a href={finalMaterialPaths.file(item.submissionId)} target="_blank" rel="noopener">
                  {item.material.fileName}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>{" "}
                ({formatFileSize(item.material.sizeBytes)}, uploaded{" "}
                {formatConferenceDateTime(item.material.uploadedAt)}).{" "}
                {item.material.mayPublish
                  ? "It will be published on the conference page after the conference."
                  : "It will not be published on the site."}
              </p>
            ) : (
              <p>No {kind} uploaded yet.</p>
            )}
            {!item.isConfirmed && item.canStillConfirm ? (
              props.isOpen ? (
                <p className="message message--info">
                  Confirm your attendance above first; then you can upload your {kind} here.
                </p>
              ) : null
            ) : !item.isConfirmed ? (
              <p className="message message--info">
                This presentation was not confirmed by the date to answer, so no {kind} can be
                uploaded for it. If you still want to present it, email the organizers at{" "}
                <a href={`mailto:${props.organizersEmail}`}>{props.organizersEmail}</a>.
              </p>
            ) : props.isOpen ? (
              <>
                <FinalMaterialUploadForm
                  // A new upload starts an empty form (the chosen file is not kept).
                  key={item.material?.uploadedAt ?? "none"}
                  submissionId={item.submissionId}
                  fieldId={fieldId}
                  kind={kind}
                  mayPublish={item.material?.mayPublish ?? false}
                  hasMaterial={item.material !== null}
                  maxMegabytes={props.maxMegabytes}
                  maxPages={props.maxPages}
                />
                {item.material ? (
                  <form
                    method="post"
                    action={finalMaterialPaths.consent(item.submissionId)}
                    className="final-materials__consent"
                  >
                    <input
                      type="hidden"
                      name="mayPublish"
                      value={item.material.mayPublish ? "no" : "yes"}
                    />
                    <SubmitButton pendingLabel="Saving..." className="button button--secondary">
                      {item.material.mayPublish
                        ? `Do not publish my ${kind}`
                        : `Allow publishing my ${kind}`}
                    </SubmitButton>
                  </form>
                ) : null}
              </>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}
