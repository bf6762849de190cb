import { FormMessage } from "~/components/form-message";
import { Link } from "~/components/link";
import { SubmitButton } from "~/components/submit-button";
import { UploadProgress } from "~/components/upload-progress";
import { DetailsFields } from "./details-fields";
import type { DetailsDraft } from "./submission-details";
import { isAboutTheFile } from "./submission-messages";
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
          <UploadForm {...props} />
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

const fileFieldId = "abstract-file";

/**
 * The page is a document: without JavaScript the browser posts the form as plain multipart and shows
 * the page the server answers. The page script sends it with upload progress
 * (abstract-upload-script.ts) and changes the co-author rows in place (coauthor-rows-script.ts), from
 * the `data-` hooks here. The file input is the form's last field, so the server reads the details
 * before the file.
 */
function UploadForm(props: SubmitAbstractPageProps) {
  const action = props.replacing
    ? `${submissionPaths.submit}?replace=${encodeURIComponent(props.replacing.id)}`
    : submissionPaths.submit;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="submission__form card"
      data-abstract-upload=""
    >
      {/* Enter in a field submits with the form's first submit button: this one, not "Add a co-author".
          Visually hidden rather than display:none, which some browsers skip for implicit submission. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      {/* A refusal takes focus here, which scrolls it into view. */}
      <div tabIndex={-1} className="submission__message" data-upload-message="">
        <FormMessage message={props.message} />
        <p data-file-link="" hidden={!isAboutTheFile(props.message)}>
          <a href={`#${fileFieldId}`} data-focus-field={fileFieldId}>
            Choose a PDF file
          </a>
        </p>
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
          carriesFile
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
      <UploadProgress progress={null} checkingText="checking the PDF" />
      <SubmitButton pendingLabel="Uploading...">
        {props.replacing ? "Replace PDF" : "Upload Abstract"}
      </SubmitButton>
    </form>
  );
}
