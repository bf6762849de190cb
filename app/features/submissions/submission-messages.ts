/** SPEC's messages for uploading and deleting abstracts, verbatim. */
export const uploadMessages = {
  noFile: "Please select a file to upload.",
  failed: "Failed to upload the file. Please try again.",
  deleted: "Your submission has been deleted.",
  deleteFailed: "Failed to delete the submission. Please try again.",
  none: "No submissions found. Please ensure your submission was successful.",
} as const;
