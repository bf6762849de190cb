import { describe, expect, it } from "vitest";
import {
  allowListViolations,
  elementsNamed,
  parseStartTags,
} from "../../tests/support/html-allow-list";
import { renderRichText, renderRichTextInline } from "./rich-text";

/**
 * Hostile text an editor's field might receive (pasted, or from a stolen editor account), from the
 * well-known lists: the OWASP XSS filter evasion cheat sheet, PayloadsAllTheThings' XSS and Markdown
 * pages, and Markdown sanitiser bug reports (link titles, references, nested brackets). Each rendering
 * is read as a browser would read it (tests/support/html-allow-list.ts), and checked against the
 * allow-list: no element, attribute or address outside it.
 */
const html = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>",
  "<ScRiPt>alert(1)</sCrIpT>",
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</script>",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  '<img src="x" onerror="alert(1)"/>',
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  "<iframe srcdoc='<script>alert(1)</script>'>",
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  "<body onload=alert(1)>",
  '<div onmouseover="alert(1)">hover</div>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<!-- a comment --><script>alert(1)</script>",
  "<![CDATA[<script>alert(1)</script>]]>",
  "<?xml version='1.0'?><x/>",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<video><source onerror=alert(1)>",
  "<p>allowed tag typed by hand</p>",
  "<em onclick=alert(1)>x</em>",
  "<a href=https://example.org>x</a>",
];

const badProtocols = [
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript:alert`1`)",
  "[x](javascript&#58;alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](&#x6A;avascript:alert(1))",
  "[x](&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1))",
  "[x](javascript&colon;alert(1))",
  "[x](<java\tscript:alert(1)>)",
  "[x](<java\nscript:alert(1)>)",
  "[x](<javascript\t:alert(1)>)",
  "[x](< javascript:alert(1)>)",
  "[x](\\javascript:alert(1))",
  "[x](javascript\\:alert(1))",
  "[x](javas%0Acript:alert(1))",
  "[x](javascript://%0Aalert(1))",
  "[x](java\u0000script:alert(1))",
  "[x](\u0000javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](DATA:text/html,<script>alert(1)</script>)",
  "[x](vbscript:msgbox(1))",
  "[x](file:///etc/passwd)",
  "[x](irc://irc.example.org)",
  "[x](xmpp:user@example.org)",
  "[x](//evil.example)",
  "[x](///evil.example)",
  "[x](/\\evil.example)",
  "[x](</\\evil.example>)",
  "[x](/.//evil.example)",
  "[x](</\t/evil.example>)",
  "[x](\\\\evil.example)",
  "[x](https:evil.example)",
  "[x](https:\\\\evil.example)",
  "[x](#top)",
  "[x](relative/path)",
  "[x](?q=1)",
];

const markdown = [
  '[x](https://example.org "onmouseover=alert(1)")',
  "[x]( https://example.org )",
  '[x](https://example.org "a" onmouseover="alert(1)")',
  "[x](https://example.org 'x\" onmouseover=\"alert(1)')",
  '[x](https://example.org"onmouseover="alert(1)")',
  '[x](https://example.org/"><script>alert(1)</script>)',
  '[x](<https://example.org/" onmouseover="alert(1)>)',
  '[x](https://example.org/ "title" onmouseover=alert(1))',
  '[x](mailto:a@example.org"><script>alert(1)</script>)',
  "[x](mailto:a@example.org'onmouseover='alert(1))",
  "[x][1]\n\n[1]: javascript:alert(1)",
  '[x]\n\n[x]: https://example.org "onmouseover=alert(1)"',
  "[x][]\n\n[x]: https://example.org",
  "[1]: javascript:alert(1)\n[x][1]",
  "![x](javascript:alert(1))",
  "![x](https://evil.example/track.png)",
  '![x" onerror="alert(1)](x)',
  '![x](x "onerror=alert(1)")',
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "<javascript:alert(1)>",
  "<https://evil.example>",
  "<board@example.org>",
  "[[x](javascript:alert(1))](https://example.org)",
  "[a [b](https://example.org)](javascript:alert(1))",
  "[x](https://example.org)(javascript:alert(1))",
  "[[[[[[[[x]]]]]]]]",
  "[[[[[[[[x](https://example.org)",
  "[*x*](javascript:alert(1))",
  "*[x](javascript:alert(1))*",
  "[<img src=x onerror=alert(1)>](https://example.org)",
  "[x](https://example.org)<img src=x onerror=alert(1)>",
  "`<script>alert(1)</script>`",
  "```html\n<script>alert(1)</script>\n```",
  "    <script>alert(1)</script>",
  "> <script>alert(1)</script>",
  "# <script>alert(1)</script>",
  "- <script>alert(1)</script>\n- [x](javascript:alert(1))",
  "1. <img src=x onerror=alert(1)>",
  "\\<script\\>alert(1)\\</script\\>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;alert(1)&#60;/script&#62;",
  "<scr\u0000ipt>alert(1)</script>",
  "\u0000",
  "a\u0000b",
  "[\u202Emoc.elpmaxe](https://evil.example)",
  "abc\u202Edef\u202C",
  "\u2066x\u2069 \u202Ay\u202B",
  "line\u2028separator\u2029paragraph",
  "javascript:alert(1)",
  "a\u000Bb\u000Cc\u001Bd",
];

const corpus = [...html, ...badProtocols, ...markdown];

describe("hostile text stays inside the allow-list", () => {
  it.each(corpus)("renders %j within the allow-list", (source) => {
    for (const rendered of [renderRichText(source), renderRichTextInline(source)]) {
      expect(allowListViolations(rendered)).toEqual([]);
    }
  });

  it.each(badProtocols)("makes no link of %j", (source) => {
    expect(elementsNamed(renderRichText(source), "a")).toEqual([]);
    expect(elementsNamed(renderRichTextInline(source), "a")).toEqual([]);
  });

  it.each(html)("shows typed HTML %j as its characters", (source) => {
    const rendered = renderRichText(source);
    expect(parseStartTags(rendered).elements.map((element) => element.name)).toEqual(["p"]);
    expect(rendered).toContain("&lt;");
  });

  it("drops a link's title and keeps its address whole", () => {
    const rendered = renderRichText('[x](https://example.org "onmouseover=alert(1)")');
    expect(parseStartTags(rendered).elements).toEqual([
      { name: "p", attributes: {} },
      { name: "a", attributes: { href: "https://example.org/" } },
    ]);
    const quoted = renderRichText('[x](<https://example.org/" onmouseover="alert(1)>)');
    expect(elementsNamed(quoted, "a")).toEqual([
      { name: "a", attributes: { href: "https://example.org/%22%20onmouseover=%22alert(1)" } },
    ]);
  });

  it("links only the inner link of nested brackets", () => {
    const rendered = renderRichText("[a [b](https://example.org)](javascript:alert(1))");
    expect(elementsNamed(rendered, "a")).toEqual([
      { name: "a", attributes: { href: "https://example.org/" } },
    ]);
  });

  it("removes the invisible characters that reorder or hide text", () => {
    expect(renderRichText("[\u202Emoc.elpmaxe](https://evil.example)")).toBe(
      '<p><a href="https://evil.example/">moc.elpmaxe</a></p>',
    );
    expect(renderRichText("a\u0000b\u2066c\u2069")).toBe("<p>abc</p>");
    // The marks that only set a direction, which right-to-left text needs, stay.
    expect(renderRichText("\u200Fשלום\u200E")).toBe("<p>\u200Fשלום\u200E</p>");
  });
});

describe("the allow-list reader finds what a browser would", () => {
  it.each([
    ["<img src=x onerror=alert(1)>", "element <img>"],
    ['<p title="x">a</p>', "attribute title on <p>"],
    ["<p/onclick=alert(1)>", "attribute onclick on <p>"],
    ['<a href="javascript:alert(1)">x</a>', "href with javascript:"],
    ['<a href="&#106;avascript:alert(1)">x</a>', "href with javascript:"],
    ['<a href="java&#x09;script:alert(1)">x</a>', "href with javascript:"],
    ['<a href=" //evil.example">x</a>', "relative href"],
    ['<a href="/\\evil.example">x</a>', "relative href"],
    ['<ol start="1 onclick=x">', "start="],
    ["<!-- x -->", "markup that is not a tag"],
  ])("flags %j", (markup, problem) => {
    expect(allowListViolations(markup).join("; ")).toContain(problem);
  });

  it("passes what the renderer is allowed to write", () => {
    expect(
      allowListViolations(
        '<p>a<br />\n<em>b</em> <strong>c</strong> <a href="/x">d</a> <a href="mailto:a@b.c">e</a></p><ol start="2"><li>f</li></ol><ul><li>g</li></ul>',
      ),
    ).toEqual([]);
  });
});
