import { Form, Link } from "react-router";
import { FormMessage } from "~/components/form-message";
import { SubmitButton } from "~/components/submit-button";
import { submissionPaths } from "./submission-paths";
import "~/components/text-field.css";
import "./submissions.css";

export type SubmitAbstractPageProps = {
  editionName: string;
  guidelines: string[];
  deadline: string;
  maxMegabytes: number;
  maxPages: number;
  maxSubmissionsPerUser: number;
  isOpen: boolean;
  message?: string | null;
  /** Changes after each attempt, so the form (and its chosen file) starts empty again. */
  attempt?: number;
};

export function SubmitAbstractPage(props: SubmitAbstractPageProps) {
  return (
    <section className="section">
      <div className="container submission stack">
        <h1>Submit an Abstract</h1>
        <p className="lead">
          Present your research at {props.editionName}. Upload your abstract as a PDF; you can check
          its status, and delete it, on your submissions page.
        </p>
        {props.isOpen ? (
          <Form
            key={props.attempt ?? 0}
            method="post"
            encType="multipart/form-data"
            className="submission__form card"
          >
            <FormMessage message={props.message} />
            <div className="field">
              <label htmlFor="abstract-file" className="field__label">
                Abstract (PDF, up to {props.maxMegabytes} MB)
              </label>
              <input
                id="abstract-file"
                className="submission__file"
                type="file"
                name="abstract"
                accept=".pdf,application/pdf"
                aria-describedby="abstract-file-hint"
              />
              <p id="abstract-file-hint" className="field__hint">
                Deadline: {props.deadline}. At most {props.maxPages} pages, and up to{" "}
                {props.maxSubmissionsPerUser} abstracts per person.
              </p>
            </div>
            <SubmitButton pendingLabel="Uploading...">Upload Abstract</SubmitButton>
          </Form>
        ) : (
          <p className="message message--info" role="status">
            The call for abstracts is closed. Thank you to everyone who submitted.
          </p>
        )}
        <h2>Guidelines</h2>
        <ul className="submission__guidelines">
          {props.guidelines.map((guideline) => (
            <li key={guideline}>{guideline}</li>
          ))}
        </ul>
        <p>
          <Link to={submissionPaths.status}>See your submissions</Link>
        </p>
      </div>
    </section>
  );
}
