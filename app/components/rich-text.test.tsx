import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderRichText, renderRichTextInline } from "~/lib/rich-text";
import { RichText, RichTextInline } from "./rich-text";

describe("RichText", () => {
  it("puts the renderer's HTML in a block of its own", () => {
    expect(renderToStaticMarkup(<RichText html={renderRichText("*Hi*\n\n- a")} />)).toBe(
      '<div class="rich-text"><p><em>Hi</em></p>\n<ul>\n<li>a</li>\n</ul></div>',
    );
    expect(
      renderToStaticMarkup(<RichTextInline html={renderRichTextInline("by [Ana](/board)")} />),
    ).toBe('<span class="rich-text-inline">by <a href="/board">Ana</a></span>');
  });

  it("takes only what the renderer made (checked by the type checker)", () => {
    // @ts-expect-error: a plain string is not SafeHtml.
    const plain = <RichText html={"<script>alert(1)</script>"} />;
    // @ts-expect-error: block HTML (paragraphs, lists) cannot go inside a line.
    const block = <RichTextInline html={renderRichText("a")} />;
    expect([plain, block]).toHaveLength(2);
  });
});
