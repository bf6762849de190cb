/** The reviewers' copy: the pages of `bytes` in a new file and nothing else (see sanitise-pdf.mjs). */
export function sanitisePdf(bytes: Uint8Array): Promise<Uint8Array>;
/** A JPEG file's bytes without its EXIF, XMP, IPTC and comment segments (the same array if none). */
export function withoutJpegMetadata(bytes: Uint8Array): Uint8Array;
