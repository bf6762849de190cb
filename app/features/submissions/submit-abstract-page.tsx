import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { errorMessageIn, UploadProgress, useProgressUpload } from "~/components/upload-progress";
import { DetailsFields } from "./details-fields";
import type { DetailsDraft } from "./submission-details";
import { uploadMessages } from "./submission-messages";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

export type SubmitAbstractPageProps = {
  editionName: string;
  guidelines: string[];
  deadline: string;
  maxMegabytes: number;
  maxPages: number;
  maxSubmissionsPerUser: number;
  isOpen: boolean;
  /** Shown instead of the form when `isOpen` is false. */
  closedMessage: string;
  submitterName: string;
  talk: { minutes: number; questionMinutes: number };
  draft: DetailsDraft;
  fieldErrors?: Record<string, string>;
  /** Replacing the PDF of one of the user's abstracts: only the file is asked for. */
  replacing: { id: string; title: string } | null;
  message?: string | null;
  /** A neutral note (the co-author rows changed), announced politely. */
  notice?: string | null;
  /** Changes after each attempt, so the form (and its chosen file) starts empty again. */
  attempt?: number;
};

export function SubmitAbstractPage(props: SubmitAbstractPageProps) {
  const { replacing } = props;
  return (
    <section className="section">
      <div className="container submission stack">
        <h1>{replacing ? "Replace Your Abstract's PDF" : "Submit an Abstract"}</h1>
        {replacing ? (
          <p className="lead">
            Upload a new PDF for “{replacing.title}”. It goes through the same checks as an upload;
            your current PDF stays until the new one is accepted. Title, authors and format stay as
            they are.
          </p>
        ) : (
          <p className="lead">
            Present your research at {props.editionName}. Give your abstract's title, its authors
            and your preferred format, and upload it as a PDF; you can check its status, edit it and
            delete it on your submissions page until the call for abstracts closes.
          </p>
        )}
        {props.isOpen ? (
          <UploadForm {...props} key={props.attempt ?? 0} />
        ) : props.message ? (
          // A post that arrived after the call closed: its answer, as an error.
          <FormMessage message={props.message} />
        ) : (
          <p className="message message--info" role="status">
            {props.closedMessage}
          </p>
        )}
        {replacing ? null : (
          <>
            <h2>Guidelines</h2>
            <ul className="submission__guidelines">
              {props.guidelines.map((guideline) => (
                <li key={guideline}>{guideline}</li>
              ))}
            </ul>
          </>
        )}
        <p>
          <Link to={submissionPaths.status}>See your submissions</Link>
        </p>
      </div>
    </section>
  );
}

/** A refusal the form shows; a new object each time, so the same refusal twice moves focus twice. */
type Refusal = { text: string };

const fileFieldId = "abstract-file";

/**
 * The form posts as a plain multipart form without JavaScript. With JavaScript it is sent with
 * XMLHttpRequest, the one browser API that reports upload progress, and the page follows the server's
 * answer: the status page after a redirect, else the answer's message. The file input is the form's
 * last field, so the server reads the details before the file.
 */
function UploadForm(props: SubmitAbstractPageProps) {
  const navigate = useNavigate();
  const upload = useProgressUpload();
  const progress = upload.progress;
  const [clientMessage, setClientMessage] = useState<Refusal | null>(null);
  const messageBox = useRef<HTMLDivElement>(null);
  // A refusal is announced (role="alert") and takes focus, which scrolls it into view: the message sits
  // at the top of a long form, far above the upload button that was pressed.
  useEffect(() => {
    if (clientMessage) messageBox.current?.focus();
  }, [clientMessage]);
  const action = props.replacing
    ? `${submissionPaths.submit}?replace=${encodeURIComponent(props.replacing.id)}`
    : submissionPaths.submit;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Co-author row buttons are handled by their own click handlers; anything else posts normally.
    if (submitter?.getAttribute("name") === "intent" || !upload.isSupported) return;
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (message: string) => {
      setClientMessage({ text: message });
      // As after a post without JavaScript: the refused file is cleared (so it is not sent twice by
      // accident); the typed details stay.
      const file = form.querySelector<HTMLInputElement>("input[type=file]");
      if (file) file.value = "";
    };
    setClientMessage(null);
    upload.send(action, new FormData(form), {
      onLoad: (xhr) => {
        const answered = new URL(xhr.responseURL || window.location.href);
        if (answered.pathname === submissionPaths.status && xhr.status < 400) {
          navigate(`${answered.pathname}${answered.search}`);
          return;
        }
        refuse(errorMessageIn(xhr.responseText) ?? uploadMessages.interrupted);
      },
      onError: () => refuse(uploadMessages.interrupted),
    });
  };

  const message = clientMessage?.text ?? props.message;
  // The details' own problems name their fields; every other refusal is about the file.
  const isAboutTheFile = Boolean(message) && !message?.startsWith("Please check the form");
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="submission__form card"
      onSubmit={onSubmit}
      aria-busy={progress ? true : undefined}
    >
      {/* Enter in a field submits with the form's first submit button: this one, not "Add a co-author".
          Visually hidden rather than display:none, which some browsers skip for implicit submission. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <div ref={messageBox} tabIndex={-1} className="submission__message">
        <FormMessage message={message} />
        {isAboutTheFile ? (
          <p>
            <a
              href={`#${fileFieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fileFieldId)?.focus();
              }}
            >
              Choose a PDF file
            </a>
          </p>
        ) : null}
      </div>
      {props.notice ? (
        <p className="message message--info" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.replacing ? null : (
        <DetailsFields
          submitterName={props.submitterName}
          draft={props.draft}
          fieldErrors={props.fieldErrors}
          talk={props.talk}
        />
      )}
      {/* Last in the form: the server checks every field above before it reads the file. */}
      <div className="field">
        <label htmlFor={fileFieldId} className="field__label">
          Abstract (PDF, up to {props.maxMegabytes} MB)
        </label>
        <input
          id={fileFieldId}
          className="submission__file"
          type="file"
          name="abstract"
          accept=".pdf,application/pdf"
          aria-describedby="abstract-file-hint"
        />
        <p id="abstract-file-hint" className="field__hint">
          Deadline: {props.deadline}. At most {props.maxPages} pages
          {props.replacing
            ? "."
            : `, and up to ${props.maxSubmissionsPerUser} abstracts per person.`}
        </p>
      </div>
      <UploadProgress progress={progress} checkingText="checking the PDF" />
      <SubmitButton pendingLabel="Uploading..." disabled={progress !== null}>
        {props.replacing ? "Replace PDF" : "Upload Abstract"}
      </SubmitButton>
    </Form>
  );
}
