// An upload with progress, without React: the request, its state and words, and how its answer is
// read. The upload forms of the document pages (enhancements/progress-uploads.ts), the editors'
// picture uploads and the progress bar's component (upload-progress.tsx) all share them.

/** How far an upload is: the bar's percent, and the percent last spoken (every 10 %). */
export type UploadProgressState = { percent: number; announced: number } | null;

/**
 * The state after a progress event of `XMLHttpRequest.upload`. The bar moves with every event; the
 * spoken percent only every 10 % (and at 100), so a screen reader is not flooded.
 */
export function advanceProgress(
  previous: UploadProgressState,
  event: { loaded: number; total: number },
): UploadProgressState {
  const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
  const announced = previous?.announced ?? 0;
  return {
    percent,
    announced: percent - announced >= 10 || percent === 100 ? percent : announced,
  };
}

/** What the bar's text shows and what its status says; `checkingText` is said once the bytes are sent. */
export function progressWords(
  progress: UploadProgressState,
  checkingText: string,
): { shown: string; spoken: string } {
  if (!progress) return { shown: "", spoken: "" };
  return progress.percent < 100
    ? { shown: `${progress.percent}%`, spoken: `Uploading: ${progress.announced}%` }
    : { shown: `100%: ${checkingText}...`, spoken: `Uploaded; ${checkingText}.` };
}

/**
 * Posts `body` to `action` with XMLHttpRequest, the one browser API that reports upload progress.
 * `onLoad` gets the finished request (its `responseURL` says where a redirect ended); a dropped
 * connection, the browser's Stop and a timeout are all `onFailure`.
 */
export function sendWithProgress(
  action: string,
  body: FormData,
  handlers: {
    onProgress: (progress: UploadProgressState) => void;
    onLoad: (xhr: XMLHttpRequest) => void;
    onFailure: () => void;
  },
): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  let progress: UploadProgressState = { percent: 0, announced: 0 };
  xhr.upload.addEventListener("progress", (event) => {
    if (!event.lengthComputable) return;
    progress = advanceProgress(progress, event);
    handlers.onProgress(progress);
  });
  xhr.addEventListener("load", () => handlers.onLoad(xhr));
  for (const failure of ["error", "abort", "timeout"] as const) {
    xhr.addEventListener(failure, handlers.onFailure);
  }
  xhr.open("POST", action);
  xhr.send(body);
  return xhr;
}

/**
 * The page a form's upload was redirected to, when it is another page than the form's `action` (the
 * page after a success, or the login page when the session ended meanwhile): the browser should go
 * there too. Null when the answer is the action's own page, a refusal to show in the form.
 */
export function redirectedElsewhere(
  xhr: Pick<XMLHttpRequest, "status" | "responseURL">,
  action: string,
): URL | null {
  if (xhr.status >= 400 || !xhr.responseURL) return null;
  const answered = new URL(xhr.responseURL);
  return answered.pathname === new URL(action, answered).pathname ? null : answered;
}

/** The error message of a page the server answered a form with, if it has one. */
export function errorMessageIn(html: string): string | null {
  if (!html || typeof DOMParser === "undefined") return null;
  const page = new DOMParser().parseFromString(html, "text/html");
  const message = page.querySelector("main .message--error, main [role='alert']");
  return message?.textContent?.trim() || null;
}
