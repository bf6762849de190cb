import { z } from "zod";
import { measureRichText, richTextLimits } from "./rich-text-limits";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * What is wrong with a formatted text for the forms, in words for the editor, or undefined. The
 * limits are the renderer's (`richTextLimits`), so a text the form accepts is never shown as plain
 * text for being too big.
 */
export function richTextProblem(
  text: string,
  max: number = richTextLimits.maxLength,
): string | undefined {
  const measure = measureRichText(text);
  if (measure.length > max) {
    return `This text is ${count(measure.length)} characters long; the most it can hold is ${count(max)}. Shorten it by ${count(measure.length - max)} ${measure.length - max === 1 ? "character" : "characters"}.`;
  }
  if (measure.lines > richTextLimits.maxLines) {
    return `This text has ${count(measure.lines)} lines; the most it can hold is ${count(richTextLimits.maxLines)}. Join short lines into sentences, or shorten it.`;
  }
  if (measure.listItems > richTextLimits.maxListItems) {
    return `This text has ${count(measure.listItems)} list items; the most it can hold is ${count(richTextLimits.maxListItems)}. Shorten the lists.`;
  }
  if (measure.marks > richTextLimits.maxMarks) {
    return `This text uses ${count(measure.marks)} formatting signs (*, _, [ and ]); the most it can hold is ${count(richTextLimits.maxMarks)}. Use less emphasis or fewer links.`;
  }
  return undefined;
}

/**
 * A content schema's field of formatted text (paragraphs, emphasis, links, lists; see
 * docs/formatting-help.md): trimmed, required unless `optional`, and within the renderer's limits,
 * with a message for each that says what to do; line breaks come out as "\n". `max` lowers the length limit for a short field (a
 * home page blurb); it cannot raise it past `richTextLimits.maxLength`, the most the renderer formats
 * quickly. An optional field that is left empty is "".
 */
export function richTextField({
  max = richTextLimits.maxLength,
  optional = false,
}: {
  max?: number;
  optional?: boolean;
} = {}) {
  if (!Number.isInteger(max) || max < 1 || max > richTextLimits.maxLength) {
    throw new Error(
      `richTextField: max must be a whole number from 1 to ${richTextLimits.maxLength}, not ${max}.`,
    );
  }
  return (
    z
      .string({ error: "Write the text here." })
      // A browser sends a text box's line breaks as CR LF but counts them as one character for its
      // maxlength; count them as the editor's box did.
      .overwrite((text) => text.replace(/\r\n?/g, "\n"))
      .trim()
      .check((context) => {
        const text = context.value;
        if (text === "") {
          if (!optional) {
            context.issues.push({ code: "custom", input: text, message: "Write the text here." });
          }
          return;
        }
        const problem = richTextProblem(text, max);
        if (problem) context.issues.push({ code: "custom", input: text, message: problem });
      })
  );
}
