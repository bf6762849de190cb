// What JavaScript a page makes the browser download on first load, read from the page itself: the
// production server's HTML for the page, its <script src> tags, its modulepreload links, the imports its
// inline module scripts start, and the bytes of its inline scripts. Each file is fetched from the same
// server and its size taken gzipped at the default level, so the figure does not depend on the
// machine's speed.
import zlib from "node:zlib";

export type PageJavaScript = {
  path: string;
  /** Same-origin script files the page loads, by path. */
  files: string[];
  /** Bytes of script written into the page itself. */
  inlineBytes: number;
  /** The page carries React Router's hydration context (the app takes over the page). */
  isHydrating: boolean;
  gzipBytes: number;
};

/** The script files a document references, and its inline scripts. */
export function scriptsOf(html: string): { files: string[]; inline: string[] } {
  const files = new Set<string>();
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", text = ""] = match;
    // A data block (`type="application/json"`) is read by a page's script, never run.
    if (/\btype\s*=\s*"application\/json"/i.test(attributes)) continue;
    const src = /\bsrc\s*=\s*"([^"]+)"/i.exec(attributes)?.[1];
    if (src) files.add(src);
    else if (text.trim()) {
      inline.push(text);
      // React Router starts hydration with `import("/assets/...")` in an inline module script.
      for (const imported of text.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)) {
        if (imported[1]) files.add(imported[1]);
      }
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel\s*=\s*"modulepreload"/i.test(tag)) continue;
    const href = /\bhref\s*=\s*"([^"]+)"/i.exec(tag)?.[1];
    if (href) files.add(href);
  }
  return { files: [...files], inline };
}

export async function pageJavaScript(
  baseUrl: string,
  paths: string[],
  expectedStatus = 200,
  /** A signed-in page's session cookie. */
  cookie?: string,
): Promise<PageJavaScript[]> {
  const gzipSizes = new Map<string, number>();
  const gzipSize = async (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      const response = await fetch(new URL(file, baseUrl), {
        headers: { "accept-encoding": "identity" },
      });
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      size = zlib.gzipSync(Buffer.from(await response.arrayBuffer())).length;
      gzipSizes.set(file, size);
    }
    return size;
  };
  const pages: PageJavaScript[] = [];
  for (const path of paths) {
    const response = await fetch(new URL(path, baseUrl), {
      headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    });
    if (response.status !== expectedStatus) throw new Error(`${path}: ${response.status}`);
    const html = await response.text();
    const { files, inline } = scriptsOf(html);
    for (const file of files) {
      if (!file.startsWith("/")) throw new Error(`${path} loads a script from elsewhere: ${file}`);
    }
    const inlineText = inline.join("");
    const sizes = await Promise.all(files.map(gzipSize));
    pages.push({
      path,
      files,
      inlineBytes: Buffer.byteLength(inlineText),
      isHydrating: /window\.__reactRouterContext\s*=/.test(inlineText),
      gzipBytes:
        sizes.reduce((sum, size) => sum + size, 0) +
        (inlineText ? zlib.gzipSync(inlineText).length : 0),
    });
  }
  return pages;
}
