/**
 * How much an editor's formatted text may hold, shared by the form check (`richTextField`) and the
 * renderer (`renderRichText`), so that everything the forms accept renders quickly and everything else
 * is shown as plain text. No dependencies: an editor form can import the numbers for its fields'
 * `maxLength` without bringing the Markdown parser or zod along.
 *
 * Why each bound (CPU time of micromark 4.0.2 on the project's build machine, docs/decisions/0025):
 * - `maxLength` 5,000 characters, about 800 words or two printed pages: seventeen times the longest
 *   paragraph the site had when the forms came (290 characters). Its worst case as a form field,
 *   5,000 characters of a script whose characters take three bytes in UTF-8, each byte sent as `%XX`,
 *   is 45 KB, under the 64 KB the server accepts for a whole form.
 * - `maxMarks` 500 of the signs `*`, `_`, `[` and `]`: the parser pairs emphasis and link brackets by
 *   searching back through the ones still open, and splits long runs of stars pair by pair, so its
 *   time grows with the square of their number (5,000 characters of `*a ` then `b*` took 78 ms,
 *   10,000 took 410 ms; 400 runs of ten stars, 65 ms). 500 is a hundred links and a hundred
 *   emphasised phrases; at 500 the worst shape we found takes about 8 ms.
 * - `maxListItems` 200 list bullets or numbers: each list copies its part of the parse again for
 *   every list it sits in, so lists in lists grow with the square too (`- - - ... x`, 2,500 deep,
 *   took 156 ms; 1,250 items in one list, 57 ms).
 * - `maxLines` 500 lines: a paragraph's lines are joined one splice at a time (2,500 one-letter
 *   lines took 14 ms, growing faster than their number).
 * Within all four, the slowest text we could build renders in about 12 ms, and a realistic 5,000
 * characters in about 5 ms (tested in rich-text.test.ts).
 */
export const richTextLimits = {
  maxLength: 5_000,
  maxMarks: 500,
  maxListItems: 200,
  maxLines: 500,
} as const;

export type RichTextMeasure = {
  length: number;
  marks: number;
  listItems: number;
  lines: number;
};

const [star, underscore, openBracket, closeBracket, lineFeed, carriageReturn] = [..."*_[]\n\r"].map(
  (sign) => sign.charCodeAt(0),
);
// A line's leading list markers ("- ", "* ", "+ ", "1. ", "2) "), however many are stacked on it: each
// opens a list or an item. Counted generously (a star that opens emphasis may be counted here too).
const leadingListMarkers = /^[ \t]*((?:(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$))+)/gm;
const listMarker = /(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$)/g;

/** What the limits count, in one pass of a few regular expressions (linear in the text's length). */
export function measureRichText(source: string): RichTextMeasure {
  let listItems = 0;
  for (const match of source.matchAll(leadingListMarkers)) {
    listItems += (match[1] ?? "").match(listMarker)?.length ?? 0;
  }
  // Counted character by character: a text of 50,000 underscores made `match` build 50,000 strings
  // (7 ms) to say it is over the limit.
  let marks = 0;
  let lines = 1;
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === star || code === underscore || code === openBracket || code === closeBracket)
      marks++;
    else if (code === lineFeed) lines++;
    else if (code === carriageReturn && source.charCodeAt(index + 1) !== lineFeed) lines++;
  }
  return { length: source.length, marks, listItems, lines };
}

/** Whether a text is within every limit, so the renderer may format it. */
export function isWithinRichTextLimits(
  measure: RichTextMeasure,
  maxLength: number = richTextLimits.maxLength,
): boolean {
  return (
    measure.length <= maxLength &&
    measure.marks <= richTextLimits.maxMarks &&
    measure.listItems <= richTextLimits.maxListItems &&
    measure.lines <= richTextLimits.maxLines
  );
}
