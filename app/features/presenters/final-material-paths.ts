/** The congratulations page's "Final materials" heading, where the forms' answers land. */
export const finalMaterialsHeadingId = "final-materials-heading";

/** The final-materials routes, for links, form actions and redirects. */
export const finalMaterialPaths = {
  upload: (submissionId: string) =>
    `/sculc/final-materials?submission=${encodeURIComponent(submissionId)}`,
  consent: (submissionId: string) =>
    `/sculc/final-materials/consent?submission=${encodeURIComponent(submissionId)}`,
  file: (submissionId: string) => `/files/materials/${encodeURIComponent(submissionId)}`,
  admin: "/user-data/materials",
  /** Where the forms come back to, with `resultParam` saying what happened. */
  back: (result: MaterialResult) =>
    `/sculc/congratulations-page?${resultParam}=${result}#${finalMaterialsHeadingId}`,
} as const;

export const resultParam = "materials";

/** What the upload form says in the browser, where no page from the server answers. */
export const finalMaterialMessages = {
  interrupted:
    "The upload was interrupted (the connection dropped). Choose the PDF file again and upload it once you are back online.",
} as const;

/** What the congratulations page says after a successful upload or consent change. */
const materialResults = {
  uploaded: "Your file was uploaded successfully.",
  replaced: "Your file was replaced successfully; the earlier one is deleted.",
  published: "Saved successfully: your file may be published after the conference.",
  unpublished: "Saved successfully: your file will not be published on the site.",
} as const;

export type MaterialResult = keyof typeof materialResults;

export function materialResultMessage(value: string | null): string | null {
  return value && Object.hasOwn(materialResults, value)
    ? materialResults[value as MaterialResult]
    : null;
}
