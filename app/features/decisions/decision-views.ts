import type { AuthorView } from "~/features/submissions/submission-details";
import type { PresentationFormat, SubmissionDecision } from "~/lib/db/schema";

/** What the submissions page shows of each abstract (the route builds it from the database). */
export type AdminReviewView = {
  reviewerName: string;
  reviewerEmail: string;
  merit: number | null;
  meritLabel: string | null;
  confidence: number | null;
  confidenceLabel: string | null;
  commentsToAuthors: string;
  commentsToCommittee: string;
  submittedAtText: string;
};

export type AdminSubmissionView = {
  id: string;
  number: number;
  review: {
    assigned: number;
    submitted: number;
    meanMerit: number | null;
    meritSpread: number | null;
    isStrongDisagreement: boolean;
    reviews: AdminReviewView[];
  };
  authorName: string;
  email: string;
  fileName: string;
  /** The title, or the file name before titles existed. */
  title: string;
  formatLabel: string;
  authors: AuthorView[];
  uploadedAtText: string;
  wordCount: number;
  warnings: string[];
  decision: SubmissionDecision | null;
  acceptedAs: PresentationFormat | null;
  decisionNote: string | null;
  isReleased: boolean;
};
