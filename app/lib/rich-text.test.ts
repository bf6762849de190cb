import { describe, expect, it } from "vitest";
import { richTextLimits } from "~/content/rich-text-limits";
import { allowListViolations, elementsNamed } from "../../tests/support/html-allow-list";
import {
  renderRichText,
  renderRichTextInline,
  renderRichTextParagraphs,
  safeHref,
} from "./rich-text";

describe("renderRichText: what editors can format", () => {
  it("makes paragraphs from blank lines and a line break from each single line ending", () => {
    expect(renderRichText("First line\nsecond line\r\n\r\nNew paragraph")).toBe(
      "<p>First line<br />\nsecond line</p>\n<p>New paragraph</p>",
    );
  });

  it("keeps the Markdown hard breaks as one break, not two", () => {
    expect(renderRichText("backslash\\\nand two spaces  \nend")).toBe(
      "<p>backslash<br />\nand two spaces<br />\nend</p>",
    );
  });

  it("emphasises with stars and underscores", () => {
    expect(renderRichText("*italic* _also_ **bold** __also__ ***both***")).toBe(
      "<p><em>italic</em> <em>also</em> <strong>bold</strong> <strong>also</strong> <em><strong>both</strong></em></p>",
    );
  });

  it("links to http, https, mailto and this site's paths, without the title", () => {
    expect(
      renderRichText(
        '[call](https://example.org/call?a=1&b=2 "Call") [old](http://example.org) [mail](mailto:board@example.org) [page](/sculc/2026#keynote)',
      ),
    ).toBe(
      '<p><a href="https://example.org/call?a=1&amp;b=2">call</a> <a href="http://example.org/">old</a> <a href="mailto:board@example.org">mail</a> <a href="/sculc/2026#keynote">page</a></p>',
    );
  });

  it("keeps emphasis inside a link's words", () => {
    expect(renderRichText("[the *new* call](https://example.org)")).toBe(
      '<p><a href="https://example.org/">the <em>new</em> call</a></p>',
    );
  });

  it("makes bulleted and numbered lists, numbered from where the editor starts", () => {
    expect(renderRichText("- one\n- two\n\n3. three\n4. four")).toBe(
      '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>',
    );
    expect(renderRichText("* a\n  * nested")).toBe(
      "<ul>\n<li>a\n<ul>\n<li>nested</li>\n</ul>\n</li>\n</ul>",
    );
  });

  it("shows what it does not format as the characters the editor typed", () => {
    const cases: [string, string][] = [
      ["# Heading", "<p># Heading</p>"],
      ["Title\n===", "<p>Title<br />\n===</p>"],
      ["Above\n---", "<p>Above<br />\n---</p>"],
      ["> quoted", "<p>&gt; quoted</p>"],
      ["    indented", "<p>indented</p>"],
      ["```\ncode\n```", "<p>```<br />\ncode<br />\n```</p>"],
      ["`code`", "<p>`code`</p>"],
      ["![a photo](https://example.org/a.png)", "<p>![a photo](https://example.org/a.png)</p>"],
      ["<b>bold</b>", "<p>&lt;b&gt;bold&lt;/b&gt;</p>"],
      ["<https://example.org>", "<p>&lt;https://example.org&gt;</p>"],
      ["AT&amp;T &copy;", "<p>AT&amp;amp;T &amp;copy;</p>"],
      [
        "[a][ref]\n\n[ref]: https://example.org",
        "<p>[a][ref]</p>\n<p>[ref]: https://example.org</p>",
      ],
      ["| a | b |\n|---|---|", "<p>| a | b |<br />\n|---|---|</p>"],
      ["https://example.org", "<p>https://example.org</p>"],
    ];
    for (const [source, html] of cases) expect(renderRichText(source), source).toBe(html);
  });

  it("shows a link to a refused address as the text the editor typed", () => {
    expect(renderRichText("[click](javascript:alert(1))")).toBe(
      "<p>[click](javascript:alert(1))</p>",
    );
  });

  it("lets a backslash show a star as a star", () => {
    expect(renderRichText("\\*not emphasis\\*")).toBe("<p>*not emphasis*</p>");
  });

  it("renders empty or blank text as nothing", () => {
    expect(renderRichText("")).toBe("");
    expect(renderRichText(" \n\n  ")).toBe("");
  });
});

describe("renderRichTextInline", () => {
  it("formats emphasis and links and nothing that makes a block", () => {
    expect(renderRichTextInline("*Photo* by [Ana](https://example.org)\n- not a list")).toBe(
      '<em>Photo</em> by <a href="https://example.org/">Ana</a> - not a list',
    );
    expect(renderRichTextInline("1. first\n\nsecond")).toBe("1. first second");
  });
});

describe("safeHref", () => {
  it("returns the address as the browser will read it, or nothing", () => {
    expect(safeHref("HTTPS://Example.ORG/a b")).toBe("https://example.org/a%20b");
    expect(safeHref("/a/../b?x#y")).toBe("/b?x#y");
    for (const refused of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "/\t/evil.example",
      "https:evil.example",
      "irc://example.org",
      "relative/path",
      "#top",
    ]) {
      expect(safeHref(refused), refused).toBeUndefined();
    }
  });
});

describe("limits", () => {
  // CPU time, not the wall clock: the test machine is shared, and a busy neighbour must not fail
  // this test. The fastest of nine runs after five to warm the code up, as a server that renders
  // pages all day runs it. Under Vitest micromark is its development build (with its assertions),
  // slower than the production build the server runs, so 25 ms here is well under 50 there.
  // The fastest of nine runs: the work's own cost. On a busy machine (the suite's other processes,
  // a CI neighbour) a median also counts the cache misses and collections others cause.
  function leastCpuMs(render: () => unknown): number {
    for (let run = 0; run < 5; run++) render();
    let least = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 9; run++) {
      const start = process.cpuUsage();
      render();
      const used = process.cpuUsage(start);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    return least;
  }

  // A machine busy with other work makes every run slower, the plain one too: a budget grows with the
  // cost, measured now, of formatting a plain text of nearly the longest length allowed (on a quiet
  // machine 1.5-3 ms). The hardest texts within the limits cost 14-15 times that (measured 2026-11-27:
  // alternating stars and underscores, nested stars), so the budget is 30 times it: twice their cost,
  // for a busy machine. A blow-up (work growing with the square of the length) costs a hundred times
  // the plain text and fails either way.
  // Measured again for each budget, right before the run it bounds: the load changes by the second.
  const budgetMs = (quietMachineMs: number, timesPlain: number) =>
    Math.max(
      quietMachineMs,
      leastCpuMs(() => renderRichText("plain words ".repeat(400))) * timesPlain,
    );

  const pad = (text: string) =>
    text + " filler".repeat((richTextLimits.maxLength - text.length) / 7);
  const paragraph =
    "The *Southern California* Undergraduate Linguistics Conference is **student-run**; see [the call](https://example.org/call). ";
  const longest =
    `${paragraph.repeat(3)}\n\n- an item with *emphasis*\n- a [link](/sculc)\n\n1. one\n2. two\n\n`
      .repeat(30)
      .slice(0, richTextLimits.maxLength);

  const withinLimits: Record<string, string> = {
    "the longest text allowed": longest,
    "500 nested stars": pad(`${"*a ".repeat(250)}${"b*".repeat(250)}`),
    "stars and underscores in turn": pad(`${"*a _b ".repeat(125)}${"c* d_ ".repeat(125)}`),
    "runs of three stars": pad(`${"***a ".repeat(83)}${"b***".repeat(83)}`),
    "runs of ten stars": pad(`${"**********a ".repeat(25)}${"b**********".repeat(25)}`),
    "stars, underscores and brackets": pad("*_[".repeat(166)),
    "500 opening brackets": pad("[".repeat(500)),
    "unfinished links": pad("[a](".repeat(250)),
    "200 bullets on one line": pad(`${"- ".repeat(200)}x`),
    "200 numbers on one line": pad(`${"1. ".repeat(200)}x`),
    "200 list items": pad("- an item of a long list\n".repeat(200)),
    "500 lines": "a short line\n".repeat(499),
    "a line of underscores": "_".repeat(richTextLimits.maxLength),
  };

  for (const [name, source] of Object.entries(withinLimits)) {
    it(`formats ${name} in well under 50 ms`, () => {
      const html = renderRichText(source);
      expect(allowListViolations(html)).toEqual([]);
      const budget = budgetMs(25, 30);
      expect(leastCpuMs(() => renderRichText(source))).toBeLessThan(budget);
    });
  }

  const overLimits: Record<string, string> = {
    "10,000 nested stars": `${"*a ".repeat(5000)}${"b*".repeat(5000)}`,
    "10,000 stars": "*".repeat(10_000),
    "10,000 opening brackets": "[".repeat(10_000),
    "10,000 bullets on one line": `${"- ".repeat(10_000)}x`,
    "a 50,000-character paragraph": "word ".repeat(10_000),
    "long lines of underscores": `${"_".repeat(5000)}\n`.repeat(10),
  };

  for (const [name, source] of Object.entries(overLimits)) {
    it(`shows ${name} (over the limits) as plain text, at once`, () => {
      const html = renderRichText(source);
      expect(elementsNamed(html, "em")).toEqual([]);
      expect(elementsNamed(html, "ul")).toEqual([]);
      expect(allowListViolations(html)).toEqual([]);
      // Shown as plain text, so it costs what a plain text of its length costs (these are up to ten
      // times the longest allowed), measured now.
      const plainOfSameLength = "plain words ".repeat(Math.ceil(source.length / 12));
      const budget = Math.max(5, leastCpuMs(() => renderRichText(plainOfSameLength)) * 3);
      expect(leastCpuMs(() => renderRichText(source))).toBeLessThan(budget);
      expect(leastCpuMs(() => renderRichTextInline(source))).toBeLessThan(budget);
    });
  }

  it("still formats a text at the limits and not one over them", () => {
    const atLimit = `*a*${" b".repeat((richTextLimits.maxLength - 4) / 2)}c`;
    expect(atLimit.length).toBe(richTextLimits.maxLength);
    expect(elementsNamed(renderRichText(atLimit), "em")).toHaveLength(1);
    expect(elementsNamed(renderRichText(`${atLimit} `), "em")).toHaveLength(1);
    expect(elementsNamed(renderRichText(`${atLimit}c`), "em")).toHaveLength(0);
  });
});

describe("renderRichTextParagraphs", () => {
  it("formats each paragraph on its own, so a long one never turns its neighbours plain", () => {
    const long = `${"word ".repeat(900)}end`;
    const html = renderRichTextParagraphs(["*first*", long, "[a link](https://example.org)"]);
    expect(html).toContain("<em>first</em>");
    expect(html).toContain('<a href="https://example.org/">a link</a>');
    expect(html.match(/<p>/g)).toHaveLength(3);
  });
});
