/**
 * What the site does with an uploaded picture, per use, and the bounds every upload is held to. The
 * widths are the ones the pages draw today from the generated assets (scripts/generate-*.ts): square
 * board portraits at 200 and 400 px, gallery photos at 480/800/1200, home slides at 480-1600 (1200 as
 * the plain `src`), the schedule image at 600/1000/1400.
 */

export const mediaPurposes = ["portrait", "photo", "carousel", "document-image"] as const;
export type ImagePurpose = (typeof mediaPurposes)[number];

export type PurposeRule = {
  /** Output widths, smallest first; widths above the picture's own are skipped (never upscaled). */
  widths: readonly number[];
  /** Cut to a square around what draws the eye (sharp's "attention" strategy). */
  isSquare: boolean;
  /** The width an <img> without srcset loads: the closest variant at or below it. */
  fallbackWidth: number;
};

export const purposeRules: Record<ImagePurpose, PurposeRule> = {
  portrait: { widths: [200, 400], isSquare: true, fallbackWidth: 400 },
  photo: { widths: [480, 800, 1200], isSquare: false, fallbackWidth: 1200 },
  carousel: { widths: [480, 800, 1200, 1600], isSquare: false, fallbackWidth: 1200 },
  "document-image": { widths: [600, 1000, 1400], isSquare: false, fallbackWidth: 1400 },
};

export function isImagePurpose(value: unknown): value is ImagePurpose {
  return typeof value === "string" && (mediaPurposes as readonly string[]).includes(value);
}

export const mediaLimits = {
  /**
   * The upload body's file part, counted while it streams. A phone's 12-50 MP JPEG is 3-12 MB; 15 MB
   * leaves room for a camera's high-quality file without letting anyone park large files.
   */
  maxBytes: 15 * 1024 * 1024,
  /**
   * Pixels the header may declare, checked before anything is decoded. Decoding costs 3-4 bytes a pixel
   * (libvips may hold the whole picture when EXIF orientation forces a rotation): 50 MP is at most about
   * 200 MB, once per process (one thread). 50 MP takes every phone's default photo and its 48-50 MP
   * full-resolution mode (8160 x 6120) and full-frame cameras up to 45 MP; a 12,000 x 12,000 PNG (144 MP,
   * a few hundred KB when compressed: a decompression bomb) is refused.
   */
  maxPixels: 50_000_000,
  /** The longest side: WebP cannot encode more, and no page draws more than 1,600 px. */
  maxSide: 16_383,
  /** How much of a JPEG's head is kept while looking for its size (EXIF, ICC and XMP come first). */
  maxHeaderBytes: 512 * 1024,
  /** WebP quality and effort of the variants: those of the generated assets. */
  webp: { quality: 78, effort: 4 },
  /**
   * sharp's own time limit inside the thread, in seconds, below the thread's 5 s limit: libvips stops
   * its work itself, whereas a stopped thread leaves native work running to its end.
   */
  sharpTimeoutSeconds: 4,
} as const;

/** Where media files live in the file storage: `media/{sha256 of the file's bytes}.{webp|pdf}`. */
export const mediaStoragePrefix = "media/";
