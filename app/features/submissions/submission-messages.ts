/** SPEC's messages for uploading and deleting abstracts, verbatim. */
export const uploadMessages = {
  noFile: "Please select a file to upload.",
  failed: "Failed to upload the file. Please try again.",
  deleted: "Your submission has been deleted.",
  deleteFailed: "Failed to delete the submission. Please try again.",
  none: "No submissions found. Please ensure your submission was successful.",
} as const;

/** Why an upload was refused; shown after `uploadMessages.failed`. */
export const refusalMessages = {
  encrypted: "The PDF is password-protected; remove the password and upload it again.",
  activeContent:
    "The PDF contains a script or an interactive form (JavaScript, an XFA form or web-page code), which an abstract may not have. Export it again as a plain PDF (for example with Print to PDF) and upload it again.",
  tooComplex:
    "The PDF is too complex to check: it expands to far more data than an abstract needs. Export it again as a plain PDF (for example with Print to PDF) and upload it again.",
  busy: "The server is busy checking other abstracts; please try again in a minute.",
  tooManyPages: (pageCount: number | undefined, maxPages: number) =>
    `The abstract has ${pageCount ?? "too many"} pages; an abstract may have at most ${maxPages}. Shorten it and upload it again.`,
  limitReached: (maxSubmissions: number) =>
    `You already have ${maxSubmissions} abstracts for this conference, the most one person may submit. Delete one on your submissions page to upload another.`,
} as const;
