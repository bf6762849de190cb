import { progressWords, type UploadProgressState } from "./upload-progress-state";
import "./upload-progress.css";

export type { UploadProgressState } from "./upload-progress-state";

/** The bar and its spoken status; the status element is always there, so screen readers follow it. */
export function UploadProgress({
  progress,
  checkingText,
}: {
  progress: UploadProgressState;
  /** Said once the bytes are sent and the server checks the file: "checking the PDF". */
  checkingText: string;
}) {
  const words = progressWords(progress, checkingText);
  return (
    <div className="upload-progress" data-checking-text={checkingText}>
      {progress ? (
        <>
          <progress
            className="upload-progress__bar"
            max={100}
            value={progress.percent}
            aria-label="Upload progress"
          />
          <span className="upload-progress__text" aria-hidden="true">
            {words.shown}
          </span>
        </>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {words.spoken}
      </span>
    </div>
  );
}
