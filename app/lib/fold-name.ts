/**
 * A name or an affiliation as compared, not as shown: without case, diacritics or punctuation, spaces
 * collapsed ("  Beatríz  CO-author " and "beatriz co author" fold alike). Scripts without a lower case
 * or diacritics pass through unchanged. Searching a file for an address keeps its punctuation instead
 * (`foldKeepingPunctuation` in features/submissions/anonymity-check.ts).
 */
export function foldName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("en")
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim();
}
