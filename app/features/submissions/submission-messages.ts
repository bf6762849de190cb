import type { Refusals } from "~/lib/outcome";
import type { AbstractUploadRefusal } from "./abstract-upload.server";
import type { DeleteRefusal } from "./submission-files.server";

// The site's fixed wording for uploading, changing and deleting abstracts (final materials reuse the
// upload refusals): written once here, and checked verbatim by the tests, so change a sentence here and
// nowhere else. A refusal says what to do next, never just "try again".

/** The upload and delete messages the pages show as they are. */
export const uploadMessages = {
  noFile: "No file was chosen. Choose a PDF file, then upload it.",
  failed: "Failed to upload the file.",
  interrupted:
    "Failed to upload the file: the connection dropped before it arrived. Check your connection, choose the PDF file again and upload it.",
  deleted: "Your submission has been deleted.",
  deleteFailed: "Failed to delete the submission. Please try again.",
  none: "No submissions found. Please ensure your submission was successful.",
} as const;

/**
 * Whether a refusal of the submit form is about its file, so the form offers to choose another: the
 * details' own problems ("Please check the form: ...") name their fields instead.
 */
export function isAboutTheFile(message: string | null | undefined): boolean {
  return Boolean(message) && !message?.startsWith("Please check the form");
}

/** Why an upload was refused; shown after `uploadMessages.failed`. */
export const refusalMessages = {
  encrypted: "The PDF is password-protected; remove the password and upload it again.",
  activeContent:
    "The PDF contains a script or an interactive form (JavaScript, an XFA form or web-page code), which an abstract may not have. Export it again as a plain PDF (for example with Print to PDF) and upload it again.",
  tooComplex:
    "The PDF is too complex to check: it expands to far more data than an abstract needs. Export it again as a plain PDF (for example with Print to PDF) and upload it again.",
  busy: "The server is busy checking other abstracts; choose the file again and upload it in a minute.",
  cannotAnonymise:
    "The PDF could not be copied for the reviewers without its hidden details (author, comments, attachments), so it was not accepted. Export it again as a plain PDF (for example with Print to PDF) and upload the new file.",
  tooManyPages: (pageCount: number | undefined, maxPages: number) =>
    `The abstract has ${pageCount ?? "too many"} pages; an abstract may have at most ${maxPages}. Shorten it and upload it again.`,
  readOnly:
    "The call for abstracts has closed, or a decision on this abstract was released, so it can no longer be changed.",
  uploadInProgress:
    "Another upload from your account is still being received or checked. Wait for it to finish (its page will show whether it was accepted), then upload this file again.",
  rateLimited: (retryAfterSeconds: number | undefined) =>
    `You have uploaded many files in a short time. Please wait ${waitInWords(retryAfterSeconds)} and upload it again.`,
  limitReached: (maxSubmissions: number) =>
    `You already have ${maxSubmissions} abstracts for this conference, the most one person may submit. Delete one on your submissions page to upload another.`,
} as const;

/** "2 minutes", "1 minute", "30 seconds": how long to wait before trying again. */
function waitInWords(seconds: number | undefined): string {
  if (!seconds || seconds < 60) return `${seconds ?? 60} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

type RefusalContext = {
  maxPages: number;
  maxSubmissionsPerUser?: number;
  pageCount?: number;
  /** With "rate-limited" and "upload-in-progress". */
  retryAfterSeconds?: number;
  /** The size limit, for "too-large" to name it. */
  maxMegabytes?: number;
};

const reasons: Record<AbstractUploadRefusal, string | ((context: RefusalContext) => string)> = {
  "no-file": "",
  empty: "The file is empty. Choose the PDF file again (the right one) and upload it.",
  "too-large": ({ maxMegabytes }) =>
    `The file is larger than the limit${maxMegabytes ? ` of ${maxMegabytes} MB` : ""}. Make the PDF smaller (for example, export it again with smaller images) and upload it again.`,
  "not-a-pdf":
    "The file is not a PDF. Choose a PDF file (most writing programs make one with Save as PDF or Print to PDF) and upload it again.",
  damaged:
    "The PDF seems damaged or incomplete. Export it again as a PDF, choose the new file and upload it.",
  encrypted: refusalMessages.encrypted,
  "active-content": refusalMessages.activeContent,
  "too-complex": refusalMessages.tooComplex,
  busy: refusalMessages.busy,
  "cannot-anonymise": refusalMessages.cannotAnonymise,
  "too-many-pages": ({ pageCount, maxPages }) => refusalMessages.tooManyPages(pageCount, maxPages),
  "limit-reached": ({ maxSubmissionsPerUser }) =>
    refusalMessages.limitReached(maxSubmissionsPerUser ?? 0),
  error:
    "Something went wrong on our side. Choose the file again and upload it in a few minutes; if it keeps failing, email the organizers.",
  aborted:
    "The upload did not arrive completely. Check your connection, choose the file again and upload it.",
  malformed:
    "The upload could not be read: the form or the file's name is malformed (for example, the name holds control characters). Rename the file with letters and digits, choose a PDF file and upload it again.",
  // The form shows the details' own messages for these two.
  "invalid-details": "",
  rows: "",
  "not-found": "This abstract is not yours, or it was deleted.",
  "read-only": refusalMessages.readOnly,
  "upload-in-progress": refusalMessages.uploadInProgress,
  "rate-limited": ({ retryAfterSeconds }) => refusalMessages.rateLimited(retryAfterSeconds),
};

/** What the uploader reads when the upload pipeline refused a file (abstracts and final materials). */
export function uploadRefusalMessage(
  reason: AbstractUploadRefusal,
  limits: RefusalContext,
): string {
  if (reason === "no-file") return uploadMessages.noFile;
  const entry = reasons[reason];
  const why = typeof entry === "function" ? entry(limits) : entry;
  return `${uploadMessages.failed}${why ? ` ${why}` : ""}`;
}

/**
 * A refusal's HTTP status: the client's file (400), the client's quota (409), too many uploads at once
 * or too often (429), our capacity (503).
 */
export function uploadRefusalStatus(reason: AbstractUploadRefusal): number {
  if (reason === "too-large") return 413;
  if (reason === "upload-in-progress" || reason === "rate-limited") return 429;
  if (reason === "limit-reached" || reason === "read-only") return 409;
  if (reason === "not-found") return 404;
  if (reason === "busy") return 503;
  if (reason === "error") return 500;
  return 400;
}

/** The status page's answer to a second tab, or a double click, acting on what is already gone. */
export const alreadyGoneMessage =
  "This submission was already deleted, or is not yours. The list below is up to date.";

/** Why deleting was refused, with the status page's answer. */
export const deleteRefusals: Refusals<DeleteRefusal> = {
  "not-found": { status: 404, message: alreadyGoneMessage },
  decided: {
    status: 409,
    message: "A decision has been made on this submission, so it can no longer be deleted.",
  },
  error: { status: 500, message: uploadMessages.deleteFailed },
};
