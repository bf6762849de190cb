// The rules of the picture lists' rows shared by the server's markup and the content editors' page
// script (picture-uploads-script.ts), so a row the script adds is the row the server would draw.

/**
 * The row template of a picture list is drawn with these in place of the row's index (in names, ids
 * and button values: `carousel.__index__.alt`) and of its number as the editor reads it ("Picture
 * __number__"); the script puts the new row's own in.
 */
export const rowPlaceholders = { index: "__index__", number: "__number__" } as const;

/** A template's attribute or text for the row at `index` (0-based). */
export function fillRowPlaceholders(text: string, index: number): string {
  return text
    .split(rowPlaceholders.index)
    .join(String(index))
    .split(rowPlaceholders.number)
    .join(String(index + 1));
}

/** Which move buttons the row at `index` of `count` rows has: none up from the first, down from the last. */
export function rowMoves(index: number, count: number): { up: boolean; down: boolean } {
  return { up: index > 0, down: index < count - 1 };
}

/**
 * Which of `picked` files have a place in a list of at most `max` rows, `taken` of them already
 * there or on their way: the first ones, in the order they were picked.
 */
export function admittedPicks(picked: number, taken: number, max: number): boolean[] {
  const room = Math.max(0, max - taken);
  return Array.from({ length: picked }, (_, position) => position < room);
}

/** "1 page", "12 pages": a program PDF's length. */
export function pageCountText(pages: number): string {
  return pages === 1 ? "1 page" : `${pages} pages`;
}
