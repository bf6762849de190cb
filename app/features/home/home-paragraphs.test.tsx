import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Paragraphs } from "./home-paragraphs";

const render = (source: string) => renderToStaticMarkup(<Paragraphs source={source} />);

describe("Paragraphs", () => {
  it("makes a paragraph of each block between blank lines", () => {
    expect(render("One line\nstill the first.\n\n  \nSecond.\n")).toBe(
      "<p>One line\nstill the first.</p><p>Second.</p>",
    );
  });

  it("shows *words* as emphasis", () => {
    expect(render("*Linguistics* is a science, *truly*.")).toBe(
      "<p><em>Linguistics</em> is a science, <em>truly</em>.</p>",
    );
  });

  it("shows markup as text, never as HTML", () => {
    expect(render("<script>alert(1)</script>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });
});
