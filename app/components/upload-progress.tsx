import { useCallback, useEffect, useRef, useState } from "react";
import { progressWords, sendWithProgress, type UploadProgressState } from "./upload-progress-state";
import "./upload-progress.css";

export {
  errorMessageIn,
  redirectedElsewhere,
  type UploadProgressState,
} from "./upload-progress-state";

/**
 * A form upload with progress (`sendWithProgress`) in a React page. `send` posts the form's data;
 * `onLoad` gets the finished request (its `responseURL` says where a redirect ended), `onError` a
 * dropped, stopped or timed-out one. Leaving the page aborts an upload still running, as a browser's
 * own navigation would, without calling either; a second send while one runs (a double click) is
 * ignored.
 */
export function useProgressUpload() {
  const [progress, setProgress] = useState<UploadProgressState>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  useEffect(
    () => () => {
      const running = request.current;
      request.current = null;
      running?.abort();
    },
    [],
  );

  const send = useCallback(
    (
      action: string,
      body: FormData,
      handlers: { onLoad: (xhr: XMLHttpRequest) => void; onError: () => void },
    ) => {
      if (request.current) return;
      setProgress({ percent: 0, announced: 0 });
      // Only the request still running settles: one the page aborted on leaving is forgotten.
      const settle = (then: () => void) => {
        if (request.current !== xhr) return;
        request.current = null;
        setProgress(null);
        then();
      };
      const xhr = sendWithProgress(action, body, {
        onProgress: setProgress,
        onLoad: () => settle(() => handlers.onLoad(xhr)),
        onFailure: () => settle(handlers.onError),
      });
      request.current = xhr;
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
