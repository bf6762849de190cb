import { describe, expect, it } from "vitest";
import { richTextField, richTextProblem } from "./rich-text-field";
import { richTextLimits } from "./rich-text-limits";

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("richTextField", () => {
  it("accepts formatted text, trimmed, with the browser's CR LF line breaks as one character", () => {
    expect(richTextField().parse("  *Hello*\r\n\r\n- a\r\n- b  ")).toBe("*Hello*\n\n- a\n- b");
    const atMax = `${"x\r\n".repeat(400)}${"y".repeat(richTextLimits.maxLength - 800)}`;
    expect(richTextField().safeParse(atMax).success).toBe(true);
  });

  it("refuses a 50,000-character paragraph, saying by how much it is over", () => {
    expect(messages(richTextField().safeParse("word ".repeat(10_000)))).toEqual([
      "This text is 49,999 characters long; the most it can hold is 5,000. Shorten it by 44,999 characters.",
    ]);
  });

  it("takes a smaller limit for a short field, but no larger one than the renderer formats", () => {
    expect(messages(richTextField({ max: 300 }).safeParse("a".repeat(301)))).toEqual([
      "This text is 301 characters long; the most it can hold is 300. Shorten it by 1 character.",
    ]);
    expect(() => richTextField({ max: 50_000 })).toThrow(/from 1 to 5000/);
  });

  it("asks for text when a required field is empty or blank, and lets an optional one be empty", () => {
    expect(messages(richTextField().safeParse(" \r\n "))).toEqual(["Write the text here."]);
    expect(messages(richTextField().safeParse(undefined))).toEqual(["Write the text here."]);
    expect(richTextField({ optional: true }).parse("  ")).toBe("");
  });

  it("refuses text the renderer would show as plain text, in words an editor can act on", () => {
    expect(richTextProblem("*a ".repeat(600))).toBe(
      "This text uses 600 formatting signs (*, _, [ and ]); the most it can hold is 500. Use less emphasis or fewer links.",
    );
    expect(richTextProblem("- a\n".repeat(250))).toBe(
      "This text has 250 list items; the most it can hold is 200. Shorten the lists.",
    );
    expect(richTextProblem("a\n".repeat(600))).toBe(
      "This text has 601 lines; the most it can hold is 500. Join short lines into sentences, or shorten it.",
    );
    expect(richTextProblem("A *fine* [text](https://example.org).")).toBeUndefined();
  });
});
