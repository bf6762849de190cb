import { useCallback, useEffect, useRef, useState } from "react";
import "./upload-progress.css";

/** How far an upload is: the bar's percent, and the percent last spoken (every 10 %). */
export type UploadProgressState = { percent: number; announced: number } | null;

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
        if (!event.lengthComputable) return;
        const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
        // The bar moves with every event; the spoken text only every 10 %, so it is not a flood.
        setProgress((old) => ({
          percent,
          announced:
            percent - (old?.announced ?? 0) >= 10 || percent === 100
              ? percent
              : (old?.announced ?? 0),
        }));
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
  return (
    <div className="upload-progress">
      {progress ? (
        <>
          <progress
            className="upload-progress__bar"
            max={100}
            value={progress.percent}
            aria-label="Upload progress"
          />
          <span className="upload-progress__text" aria-hidden="true">
            {progress.percent < 100 ? `${progress.percent}%` : `100%: ${checkingText}...`}
          </span>
        </>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {progress
          ? progress.percent < 100
            ? `Uploading: ${progress.announced}%`
            : `Uploaded; ${checkingText}.`
          : ""}
      </span>
    </div>
  );
}

/** The error message of a page the server answered a form with, if it has one. */
export function errorMessageIn(html: string): string | null {
  if (!html || typeof DOMParser === "undefined") return null;
  const page = new DOMParser().parseFromString(html, "text/html");
  const message = page.querySelector("main .message--error, main [role='alert']");
  return message?.textContent?.trim() || null;
}
