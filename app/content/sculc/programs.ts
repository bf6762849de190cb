/**
 * The day's program of each SCULC edition, one file a year in app/content/sculc/programs/. The
 * program PDFs, the 2023 schedule image, the 2024 program pages and the conference pages'
 * presentation lists are all generated from these files (scripts/generate-conference-media.ts), so a
 * change there must be followed by a re-run.
 *
 * Names are placeholders for sample content; keep text to Latin-1 characters, because the PDFs
 * are set in Helvetica (WinAnsi).
 */
import type { ConferenceProgram } from "./program-types";
import program2022 from "./programs/2022";
import program2023 from "./programs/2023";
import program2024 from "./programs/2024";
import program2025 from "./programs/2025";

export const programs: ConferenceProgram[] = [program2025, program2024, program2023, program2022];

/** The 2025 presentations embedded on the page: two talks (slides) and two posters. */
export const featuredPresentations2025: string[] = [
  "Creaky Voice as a Stance Marker in Southern California English",
  "Measuring Dialect Bias in Automatic Speech Recognition for Chicano English",
  "Uptalk in Los Angeles Podcasts: Frequency and Function",
  "Acquisition of Vietnamese Tones by Heritage Learners",
];
