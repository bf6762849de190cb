/**
 * Reads HTML the way a browser's tokenizer starts a tag (HTML Living Standard, "13.2.5 Tokenization":
 * a tag opens at "<" followed by a letter, "/" or "!"; attribute names end at whitespace, "/", ">"
 * or "="; values are quoted or end at whitespace or ">"; character references are decoded in
 * attribute values), so a test can list every element and attribute a page would get from a string,
 * instead of searching it for words. Written apart from the renderer on purpose: it shares none of its
 * code or assumptions.
 */

export type ParsedElement = { name: string; attributes: Record<string, string> };

const namedReferences: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  bsol: "\\",
  lpar: "(",
  rpar: ")",
  nbsp: "\u00a0",
};

/** Character references as a browser decodes them in an attribute (the common and risky ones). */
export function decodeReferences(value: string): string {
  return value.replace(
    /&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g,
    (whole, body: string) => {
      if (body.startsWith("#")) {
        const code =
          body[1] === "x" || body[1] === "X"
            ? Number.parseInt(body.slice(2), 16)
            : Number.parseInt(body.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
      }
      const decoded = namedReferences[body.toLowerCase()];
      if (decoded === undefined) {
        // An entity this reader does not know could hide anything: make the check fail loudly.
        throw new Error(`Unknown character reference in an attribute: ${whole}`);
      }
      return decoded;
    },
  );
}

const whitespace = /[\t\n\f\r ]/;

/** Every start tag in `html`, and whether anything that is markup but not a tag (a comment, a
 * doctype, a processing instruction) appears. */
export function parseStartTags(html: string): { elements: ParsedElement[]; otherMarkup: string[] } {
  // A character, or "" past the end (where a browser drops an unfinished tag).
  const at = (position: number): string => html[position] ?? "";
  const elements: ParsedElement[] = [];
  const otherMarkup: string[] = [];
  let index = 0;
  while (index < html.length) {
    const open = html.indexOf("<", index);
    if (open === -1) break;
    const next = at(open + 1);
    if (next === "!" || next === "?") {
      otherMarkup.push(html.slice(open, open + 20));
      index = open + 1;
      continue;
    }
    const isEnd = next === "/";
    const nameStart = isEnd ? open + 2 : open + 1;
    if (!/[a-zA-Z]/.test(at(nameStart))) {
      index = open + 1;
      continue;
    }
    let position = nameStart;
    while (
      position < html.length &&
      !whitespace.test(at(position)) &&
      !"/>".includes(at(position))
    ) {
      position++;
    }
    const name = html.slice(nameStart, position).toLowerCase();
    const attributes: Record<string, string> = {};
    // Attributes until ">" (or the end of the input, where a browser drops the tag).
    while (position < html.length && at(position) !== ">") {
      const character = at(position);
      if (whitespace.test(character) || character === "/") {
        position++;
        continue;
      }
      const attributeStart = position;
      position++;
      while (
        position < html.length &&
        !whitespace.test(at(position)) &&
        !"/>=".includes(at(position))
      ) {
        position++;
      }
      const attributeName = html.slice(attributeStart, position).toLowerCase();
      while (whitespace.test(at(position))) position++;
      let value = "";
      if (at(position) === "=") {
        position++;
        while (whitespace.test(at(position))) position++;
        const quote = at(position);
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, position + 1);
          const end = close === -1 ? html.length : close;
          value = html.slice(position + 1, end);
          position = end + 1;
        } else {
          const valueStart = position;
          while (position < html.length && !whitespace.test(at(position)) && at(position) !== ">") {
            position++;
          }
          value = html.slice(valueStart, position);
        }
      }
      if (!(attributeName in attributes)) attributes[attributeName] = decodeReferences(value);
    }
    if (!isEnd) elements.push({ name, attributes });
    index = position + 1;
  }
  return { elements, otherMarkup };
}

const allowedAttributes: Record<string, string[]> = {
  p: [],
  br: [],
  em: [],
  strong: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href"],
};

const siteOrigin = "https://site.example";

/**
 * The problems of `html` against the rich-text allow-list: elements and attributes outside it, an
 * `href` a browser on this site would open as anything but http:, https:, mailto: or a page of this
 * site, a `start` that is not a number, any other markup. Empty when the HTML is within it.
 */
export function allowListViolations(html: string): string[] {
  const problems: string[] = [];
  const { elements, otherMarkup } = parseStartTags(html);
  for (const markup of otherMarkup) problems.push(`markup that is not a tag: ${markup}`);
  for (const element of elements) {
    const allowed = allowedAttributes[element.name];
    if (!allowed) {
      problems.push(`element <${element.name}>`);
      continue;
    }
    for (const [name, value] of Object.entries(element.attributes)) {
      if (!allowed.includes(name)) problems.push(`attribute ${name} on <${element.name}>`);
      else if (name === "start" && !/^\d+$/.test(value)) problems.push(`start="${value}"`);
      else if (name === "href") {
        const problem = hrefProblem(value);
        if (problem) problems.push(problem);
      }
    }
  }
  return problems;
}

function hrefProblem(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, `${siteOrigin}/sculc/2026`);
  } catch {
    return `href a browser cannot read: ${href}`;
  }
  if (url.protocol === "mailto:") return undefined;
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `href with ${url.protocol} ${href}`;
  // A relative address must stay on this site, as a path from its root.
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href.trim());
  if (!absolute && (url.origin !== siteOrigin || !href.startsWith("/"))) {
    return `relative href that is not a path of this site: ${href}`;
  }
  return undefined;
}

/** The elements of `html` by name, for checking what was made (links, lists). */
export function elementsNamed(html: string, name: string): ParsedElement[] {
  return parseStartTags(html).elements.filter((element) => element.name === name);
}
