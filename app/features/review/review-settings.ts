/** One point of a review scale: the stored integer and what the form shows beside it. */
export type ScalePoint = { value: number; label: string };

export type OthersVisibility = "never" | "after-submitting";

/** An edition's review settings, with the defaults applied when nothing is stored. */
export type ReviewSettings = {
  isOpen: boolean;
  /** A UTC moment; after it the period is closed even when `isOpen`. */
  closesAt: string | null;
  othersVisibility: OthersVisibility;
  /** Whether reviewers may take "the next abstract with the fewest reviews" themselves. */
  canSelfAssign: boolean;
  meritScale: ScalePoint[];
  confidenceScale: ScalePoint[];
  /** False while the edition uses the defaults. */
  isStored: boolean;
};

/** Each comment box of the review form holds at most this many characters. */
export const maxCommentLength = 10_000;

export const defaultMeritScale: ScalePoint[] = [
  { value: 1, label: "Reject" },
  { value: 2, label: "Weak reject" },
  { value: 3, label: "Borderline" },
  { value: 4, label: "Weak accept" },
  { value: 5, label: "Accept" },
];

export const defaultConfidenceScale: ScalePoint[] = [
  { value: 1, label: "Low" },
  { value: 2, label: "Medium" },
  { value: 3, label: "High" },
];

export const defaultReviewSettings: ReviewSettings = {
  isOpen: true,
  closesAt: null,
  othersVisibility: "after-submitting",
  canSelfAssign: true,
  meritScale: defaultMeritScale,
  confidenceScale: defaultConfidenceScale,
  isStored: false,
};

/** Open, and not past its closing time. */
export function isReviewPeriodOpen(
  settings: Pick<ReviewSettings, "isOpen" | "closesAt">,
  now: Date = new Date(),
): boolean {
  return settings.isOpen && (settings.closesAt === null || now < new Date(settings.closesAt));
}

function labelOf(scale: ScalePoint[], value: number | null): string | null {
  if (value === null) return null;
  return scale.find((point) => point.value === value)?.label ?? null;
}

export type Scores = {
  merit: number | null;
  meritLabel: string | null;
  confidence: number | null;
  confidenceLabel: string | null;
};

/**
 * A review row's scores as numbers (PostgreSQL's driver may hand integers back as text) with their
 * labels on the edition's scales: the one mapping every review listing uses.
 */
export function scoresOf(
  row: { merit: number | string | null; confidence: number | string | null },
  settings: Pick<ReviewSettings, "meritScale" | "confidenceScale">,
): Scores {
  const merit = row.merit === null ? null : Number(row.merit);
  const confidence = row.confidence === null ? null : Number(row.confidence);
  return {
    merit,
    meritLabel: labelOf(settings.meritScale, merit),
    confidence,
    confidenceLabel: labelOf(settings.confidenceScale, confidence),
  };
}
