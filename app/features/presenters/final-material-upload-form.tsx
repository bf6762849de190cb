import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { SubmitButton } from "~/components/submit-button";
import {
  errorMessageIn,
  redirectedElsewhere,
  UploadProgress,
  useProgressUpload,
} from "~/components/upload-progress";
import { finalMaterialPaths } from "./final-material-paths";

const congratulationsPath = new URL(finalMaterialPaths.back("uploaded"), "http://x").pathname;

/**
 * One abstract's upload form. Without JavaScript it is a plain multipart post (a refusal answers on
 * the final-materials page, with a way back). With JavaScript it is sent as the abstract form is, with
 * a progress bar, and a refusal is shown here, in the form: focus moves to the message, the consent
 * tick stays as it was, and only the refused file is cleared (so it is not sent twice by accident).
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
  const navigate = useNavigate();
  const upload = useProgressUpload();
  // Each refusal is a new attempt, so the same message twice still moves focus again.
  const [error, setError] = useState<{ text: string; attempt: number } | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  const action = finalMaterialPaths.upload(props.submissionId);
  const errorId = `${fieldId}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!upload.isSupported) return;
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (text: string) => {
      const file = form.querySelector<HTMLInputElement>("input[type=file]");
      if (file) file.value = "";
      setError((old) => ({ text, attempt: (old?.attempt ?? 0) + 1 }));
    };
    setError(null);
    upload.send(action, new FormData(form), {
      onLoad: (xhr) => {
        // The congratulations page after an upload, or the login page when the session ended
        // meanwhile; an answer of the action's own address is a refusal.
        const elsewhere = redirectedElsewhere(xhr, action);
        if (elsewhere) {
          const heading =
            elsewhere.pathname === congratulationsPath ? "#final-materials-heading" : "";
          navigate(`${elsewhere.pathname}${elsewhere.search}${heading}`);
          return;
        }
        refuse(
          errorMessageIn(xhr.responseText) ??
            `The ${kind} could not be uploaded. Choose a PDF file and upload it again.`,
        );
      },
      onError: () =>
        refuse(
          "The upload was interrupted (the connection dropped). Choose the PDF file again and upload it once you are back online.",
        ),
    });
  };

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="final-materials__form"
      onSubmit={onSubmit}
      aria-busy={upload.progress ? true : undefined}
    >
      {error ? (
        <p
          key={error.attempt}
          id={errorId}
          ref={errorRef}
          className="message message--error"
          role="alert"
          tabIndex={-1}
        >
          {error.text}
        </p>
      ) : null}
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${fieldId}-hint` : `${fieldId}-hint`}
        />
        <p id={`${fieldId}-hint`} className="field__hint">
          At most {props.maxPages} pages.
        </p>
      </div>
      <UploadProgress progress={upload.progress} checkingText="checking the PDF" />
      <SubmitButton
        pendingLabel="Uploading..."
        intent={`upload-${props.submissionId}`}
        disabled={upload.progress !== null}
      >
        {props.hasMaterial ? `Replace ${kind}` : `Upload ${kind}`}
      </SubmitButton>
    </Form>
  );
}
