import { micromark, type Options } from "micromark";
import {
  isWithinRichTextLimits,
  measureRichText,
  richTextLimits,
} from "~/content/rich-text-limits";

/**
 * Editors' formatted text (a small Markdown) rendered to HTML on the server. Editors are trusted
 * volunteers, not programmers, so the rule is: what they can format is paragraphs, line breaks,
 * emphasis, strong emphasis, links and lists; everything else they type shows as the characters they
 * typed; nothing they type becomes an element or attribute outside that list (decision 0025).
 *
 * Output only ever contains `<p> <br /> <em> <strong> <a href> <ul> <ol start> <li>`, with `href`
 * an http:, https: or mailto: address or a path on this site. `assertAllowed` checks every output
 * before it leaves this module.
 */

declare const safeHtmlBrand: unique symbol;

/**
 * HTML this module produced from an editor's text. Only this module can make one (nothing else has
 * the brand), so a component that inserts HTML can demand it by type.
 */
export type SafeHtml = string & { readonly [safeHtmlBrand]: true };

declare const safeInlineHtmlBrand: unique symbol;

/** SafeHtml with no block elements (no paragraphs or lists), for inside a line of other markup. */
export type SafeInlineHtml = SafeHtml & { readonly [safeInlineHtmlBrand]: true };

type SyntaxExtension = NonNullable<Options["extensions"]>[number];
type HtmlExtension = NonNullable<Options["htmlExtensions"]>[number];
type Handle = NonNullable<NonNullable<HtmlExtension["exit"]>["paragraph"]>;
type CompileContext = ThisParameterType<Handle>;
type Construct = Extract<NonNullable<SyntaxExtension["text"]>[number], { tokenize: unknown }>;

/**
 * Constructs turned off, so their characters stay text:
 * - headings (`# `, underlines): the page gives each section its heading; a line starting "#1 in"
 *   stays a sentence;
 * - code (indented, fenced, `inline`): the site has no code to show, and four spaces of indentation
 *   pasted from a document would otherwise turn a paragraph into a grey box;
 * - block quotes and thematic breaks (`>`, `---`): no style for them on the site, and `---` under a
 *   line would otherwise make it a heading;
 * - raw HTML and autolinks (`<...>`): an editor's `<b>` or `<script>` shows as typed; one way to
 *   write a link, with words to read, is enough;
 * - images (`![...](...)`, see `imageAsText`): the site's pictures go through the upload, which
 *   checks them and asks for alternative text, and the CSP allows images from this site only;
 * - link definitions and references (`[x]: ...`, `[x][y]`): a definition line would vanish from the
 *   page, which surprises a non-programmer; the link written in place is the one way;
 * - character references (`&amp;`, `&#106;`): "AT&amp;T" shows as typed, and no encoded character
 *   can hide a `javascript:` from a reader of the text.
 */
const disabledConstructs = [
  "headingAtx",
  "setextUnderline",
  "codeIndented",
  "codeFenced",
  "codeText",
  "blockQuote",
  "thematicBreak",
  "htmlFlow",
  "htmlText",
  "autolink",
  "labelStartImage",
  "definition",
  "characterReference",
];

/**
 * With images off, `![alt](src)` would still be `!` and then a link. This takes `![` as text, so
 * the whole of it shows as typed (the `]` then closes nothing).
 */
const imageAsText: Construct = {
  name: "imageAsText",
  tokenize(effects, ok, nok) {
    return start;
    function start(code: number | null) {
      if (code !== 33) return nok(code);
      effects.enter("data");
      effects.consume(code);
      return bracket;
    }
    function bracket(code: number | null) {
      if (code !== 91) return nok(code);
      effects.consume(code);
      effects.exit("data");
      return ok;
    }
  },
};

const blockSyntax: SyntaxExtension = {
  disable: { null: disabledConstructs },
  text: { 33: imageAsText },
};
const inlineSyntax: SyntaxExtension = {
  disable: { null: [...disabledConstructs, "list"] },
  text: { 33: imageAsText },
};

const placeholderOrigin = "https://placeholder.invalid";

/**
 * The address a link may have, as the browser will read it, or undefined: an http: or https: URL
 * with its two slashes, a mailto: address, or a path on this site ("/sculc"). The WHATWG URL parser
 * (the browser's) decides the scheme, so tabs or spaces inside "java\tscript:" or a case trick change
 * nothing, and the serialised URL is what the page gets, so no different reading of the text remains.
 */
export function safeHref(destination: string): string | undefined {
  if (destination.startsWith("/")) {
    // "//host" and "/\host" are another site; the parser turns "/.//host" into "//host" too, so the
    // check is on its result.
    let url: URL;
    try {
      url = new URL(destination, placeholderOrigin);
    } catch {
      return undefined;
    }
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== placeholderOrigin || !path.startsWith("/") || /^\/[/\\]/.test(path)) {
      return undefined;
    }
    return path;
  }
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return undefined;
  }
  if (url.protocol === "mailto:") return url.href;
  // "https:example.org" or "https:\\example.org" parse as https too; insist on what editors copy.
  if (
    (url.protocol === "http:" || url.protocol === "https:") &&
    /^https?:\/\//i.test(destination)
  ) {
    return url.href;
  }
  return undefined;
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function escapeText(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/**
 * Our handlers for links and line breaks (micromark's own for everything else). Links: the label is
 * kept, the title dropped (a tooltip nobody on a phone or a screen reader gets), and the address
 * checked by `safeHref`; a link whose address fails shows as the text the editor typed, so the
 * preview shows it was not made. Line breaks: a single line ending inside a paragraph is a line break,
 * as it looks in the editor's text box (CommonMark would join the lines).
 */
function htmlHandlers(): HtmlExtension {
  const links: { label: string; destination?: string }[] = [];
  let paragraphDepth = 0;
  let afterHardBreak = false;
  const hardBreak: Handle = function (this: CompileContext) {
    this.tag("<br />");
    afterHardBreak = true;
    return undefined;
  };
  return {
    enter: {
      link() {
        links.push({ label: "" });
      },
      resource() {
        // Line endings and spaces inside the parentheses are not shown.
        this.buffer();
      },
      paragraph() {
        // micromark's own, plus the depth: a tight list item's paragraph has no <p>.
        const tightStack = this.getData("tightStack");
        if (!tightStack[tightStack.length - 1]) {
          this.lineEndingIfNeeded();
          this.tag("<p>");
        }
        this.setData("slurpAllLineEndings");
        paragraphDepth++;
      },
    },
    exit: {
      label() {
        const link = links.at(-1);
        const label = this.resume();
        if (link) link.label = label;
      },
      labelText() {},
      referenceString() {},
      resourceDestinationString() {
        const link = links.at(-1);
        const destination = this.resume();
        this.setData("ignoreEncode");
        if (link) link.destination = destination;
      },
      resourceTitleString() {
        this.resume();
      },
      link(token) {
        const link = links.pop();
        const href = link?.destination === undefined ? undefined : safeHref(link.destination);
        if (link && href !== undefined) {
          this.tag(`<a href="${escapeAttribute(href)}">`);
          this.raw(link.label);
          this.tag("</a>");
        } else {
          this.raw(this.encode(this.sliceSerialize(token)));
        }
      },
      paragraph() {
        const tightStack = this.getData("tightStack");
        if (tightStack[tightStack.length - 1]) {
          this.setData("slurpAllLineEndings", true);
        } else {
          this.tag("</p>");
        }
        paragraphDepth--;
      },
      hardBreakEscape: hardBreak,
      hardBreakTrailing: hardBreak,
      lineEnding(token) {
        const ending = this.sliceSerialize(token);
        if (paragraphDepth > 0) {
          if (!afterHardBreak) this.tag("<br />");
          afterHardBreak = false;
          this.raw(ending);
          return;
        }
        // micromark's own handling of the line endings between blocks.
        if (this.getData("slurpAllLineEndings")) return;
        if (this.getData("slurpOneLineEnding")) {
          this.setData("slurpOneLineEnding");
          return;
        }
        this.raw(this.encode(ending));
      },
    },
  };
}

// C0 controls but tab and line feed (NUL included), DEL, and the bidirectional embeddings, overrides
// and isolates, which reorder the text after them (an "evil.com" link label shown as "moc.live").
// Nothing an editor means to type; the marks RLM and LRM, which do not reorder, stay.
const invisibleControls =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;

// Measured as the form measured it (line breaks as one character, trimmed), so whatever the form
// accepted is formatted.
function cleanSource(source: string): string {
  return source.replace(/\r\n?/g, "\n").replace(invisibleControls, "").trim();
}

/** Text over the limits (which the forms refuse) as escaped paragraphs, in linear time. */
function plainParagraphs(source: string): string {
  return source
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/\n/g, "<br />\n")}</p>`)
    .join("\n");
}

// Every tag the renderer can write. Anything else between < and > means the allow-list failed.
const allowedTag =
  /^<(?:\/?(?:p|em|strong|ul|li|a)|\/ol|ol(?: start="\d{1,9}")?|br \/|a href="[^"<>]*")>$/;

function assertAllowed(html: string): SafeHtml {
  for (const match of html.matchAll(/<[^>]*>?/g)) {
    if (!allowedTag.test(match[0])) {
      throw new Error(
        `Formatted text rendered a tag outside its allow-list: ${match[0].slice(0, 40)}`,
      );
    }
  }
  if (html.replace(/<[^>]*>/g, "").includes(">")) {
    throw new Error("Formatted text rendered a '>' outside a tag.");
  }
  return html as SafeHtml;
}

/**
 * An editor's multi-line text as HTML: paragraphs (separated by a blank line), line breaks, *emphasis*,
 * **strong**, [links](https://example.org), bulleted and numbered lists. Text over the limits of
 * `richTextLimits` (which `richTextField` refuses) is shown as plain paragraphs.
 */
export function renderRichText(source: string): SafeHtml {
  const text = cleanSource(source);
  if (!isWithinRichTextLimits(measureRichText(text))) return assertAllowed(plainParagraphs(text));
  const html = micromark(text, {
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
    extensions: [blockSyntax],
    htmlExtensions: [htmlHandlers()],
  });
  return assertAllowed(html.trim());
}

/**
 * Several formatted texts (an edition section's paragraphs, each within the limits on its own) as
 * one: each is rendered by itself, so one long paragraph never turns its neighbours into plain text.
 */
export function renderRichTextParagraphs(sources: readonly string[]): SafeHtml {
  // Each part is whole, allow-listed HTML; one after another they are too.
  return sources.map((source) => renderRichText(source)).join("\n") as SafeHtml;
}

/**
 * A one-line field's text as inline HTML: emphasis, strong and links, no paragraphs or lists (a line
 * ending is a space). For a caption or a list entry shown inside markup of its own.
 */
export function renderRichTextInline(source: string): SafeInlineHtml {
  const text = cleanSource(source)
    .replace(/\s*\n\s*/g, " ")
    .trim();
  if (!isWithinRichTextLimits(measureRichText(text))) {
    return assertAllowed(escapeText(text)) as SafeInlineHtml;
  }
  const html = micromark(text, {
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
    extensions: [inlineSyntax],
    htmlExtensions: [htmlHandlers()],
  })
    .trim()
    .replace(/^<p>/, "")
    .replace(/<\/p>$/, "");
  if (/<(?:p|ul|ol|li)[ >]/.test(html)) throw new Error("Inline formatted text rendered a block.");
  return assertAllowed(html) as SafeInlineHtml;
}

export { richTextLimits };
