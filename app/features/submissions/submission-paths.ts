/** The submission pages, for links and redirects. */
export const submissionPaths = {
  submit: "/sculc/submit-abstract",
  status: "/sculc/view-submission",
  congratulations: "/sculc/congratulations-page",
  file: (submissionId: string) => `/files/abstracts/${encodeURIComponent(submissionId)}`,
} as const;
