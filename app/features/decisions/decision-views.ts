import type { EditionReview } from "~/features/review/review-admin.server";
import type { AuthorView } from "~/features/submissions/submission-details";
import type { PresentationFormat, SubmissionDecision } from "~/lib/db/schema";

/** A submitted review as the page shows it: the review's fields, with when it came as text. */
export type AdminReviewView = Omit<EditionReview, "submittedAt"> & { submittedAtText: string };

/** What the submissions page shows of each abstract (the route builds it from the database). */
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
