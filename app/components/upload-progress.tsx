import { useCallback, useEffect, useRef, useState } from "react";
import { advanceProgress, progressWords, type UploadProgressState } from "./upload-progress-state";
import "./upload-progress.css";

export { errorMessageIn, type UploadProgressState } from "./upload-progress-state";

/**
 * A form upload with progress, as the abstract form sends it: XMLHttpRequest, the one browser API that
 * reports upload progress. `send` posts the form's data; `onLoad` gets the finished request (its
 * `responseURL` says where a redirect ended). Leaving the page aborts an upload still running, as a
 * browser's own navigation would; a second send while one runs (a double click) is ignored.
 */
export function useProgressUpload() {
  const [progress, setProgress] = useState<UploadProgressState>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const send = useCallback(
    (
      action: string,
      body: FormData,
      handlers: { onLoad: (xhr: XMLHttpRequest) => void; onError: () => void },
    ) => {
      if (request.current) return;
      const xhr = new XMLHttpRequest();
      request.current = xhr;
      setProgress({ percent: 0, announced: 0 });
      xhr.upload.addEventListener("progress", (event) => {
        if (event.lengthComputable) setProgress((old) => advanceProgress(old, event));
      });
      const finish = (then: () => void) => () => {
        request.current = null;
        setProgress(null);
        then();
      };
      xhr.addEventListener(
        "load",
        finish(() => handlers.onLoad(xhr)),
      );
      xhr.addEventListener("error", finish(handlers.onError));
      xhr.open("POST", action);
      xhr.send(body);
    },
    [],
  );
  return { progress, send, isSupported: typeof XMLHttpRequest !== "undefined" };
}

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
