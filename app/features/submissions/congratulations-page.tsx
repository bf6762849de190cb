import type { AbstractCall } from "~/content/sculc/edition-types";
import { submissionPaths } from "./submission-paths";
import "./submissions.css";

export type CongratulationsPageProps = {
  editionName: string;
  acceptance: AbstractCall["acceptance"];
  accepted: { id: string; fileName: string }[];
};

export function CongratulationsPage({
  editionName,
  acceptance,
  accepted,
}: CongratulationsPageProps) {
  return (
    <section className="section">
      <div className="container submission stack">
        <h1>Congratulations!</h1>
        <p className="lead">
          Your abstract was accepted for {editionName}. We look forward to your presentation.
        </p>
        <h2>Next steps</h2>
        <ul className="submission__guidelines">
          <li>
            Confirm your attendance through the{" "}
            <a href={acceptance.confirmAttendanceUrl} rel="noopener">
              attendance form
            </a>{" "}
            by {acceptance.confirmBy}.
          </li>
          <li>Talks are 15 minutes, followed by 5 minutes of questions and answers.</li>
          <li>You may present in a presentation session, in the poster session, or both.</li>
          <li>
            Cannot come in person? Present virtually by{" "}
            <a href={acceptance.videoMeetingUrl} rel="noopener">
              video call
            </a>
            .
          </li>
          <li>
            Email your final slides or poster to{" "}
            <a href={`mailto:${acceptance.materialsEmail}`}>{acceptance.materialsEmail}</a> by{" "}
            {acceptance.materialsDueBy}.
          </li>
        </ul>
        <h2>Your accepted submissions</h2>
        <ul className="submission__files">
          {accepted.map((submission, index) => (
            <li key={submission.id}>
              <a
                className="button button--secondary"
                href={submissionPaths.file(submission.id)}
                target="_blank"
                rel="noopener"
              >
                {submission.fileName || `View Submission ${index + 1}`}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
