/** The reviewers' copy: the pages of `bytes` in a new file and nothing else (see sanitise-pdf.mjs). */
export function sanitisePdf(bytes: Uint8Array): Promise<Uint8Array>;
