// How far an upload is, without React: the state and words the abstract form's page script, the
// editors' picture uploads and the React progress bar all share.

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

/** The error message of a page the server answered a form with, if it has one. */
export function errorMessageIn(html: string): string | null {
  return errorMessageElementIn(html)?.textContent?.trim() || null;
}

/** The element that holds the error message of a page the server answered a form with. */
function errorMessageElementIn(html: string): Element | null {
  if (!html || typeof DOMParser === "undefined") return null;
  const page = new DOMParser().parseFromString(html, "text/html");
  return page.querySelector("main .message--error, main [role='alert']");
}
