export const submissionFilters = ["all", "undecided", "staged", "accepted", "rejected"] as const;
export type SubmissionFilter = (typeof submissionFilters)[number];
