import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { preferredEncoding } from "./accept-encoding";

type Encoding = "br" | "gzip";
const fileSuffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** The precompressed variant to send, if any (server/accept-encoding.ts decides). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const encoding = preferredEncoding(acceptEncoding);
  return encoding === "identity" ? undefined : encoding;
}

/** URL path -> the compressed variants written next to that file by scripts/precompress-assets.ts. */
function findVariants(root: string): Map<string, Set<Encoding>> {
  const variants = new Map<string, Set<Encoding>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      for (const encoding of ["br", "gzip"] as const) {
        const suffix = fileSuffix[encoding];
        if (!entry.name.endsWith(suffix)) continue;
        const original = file.slice(0, -suffix.length);
        if (!fs.existsSync(original)) continue;
        const urlPath = `/${path.relative(root, original).split(path.sep).join("/")}`;
        const found = variants.get(urlPath) ?? new Set<Encoding>();
        found.add(encoding);
        variants.set(urlPath, found);
      }
    }
  };
  if (fs.existsSync(root)) walk(root);
  return variants;
}

/**
 * express.static for a build folder, sending the Brotli or gzip file written at build time when the
 * client accepts it: `Content-Encoding` set, the original's `Content-Type`, `Vary: Accept-Encoding`
 * on every answer for such a file, and the static handler's caching headers and 404s unchanged. The
 * compression middleware leaves a response that already has a Content-Encoding alone. The folder is
 * read once: a build does not change while the server runs.
 */
export function staticAssets(
  root: string,
  options: Parameters<typeof express.static>[1] = {},
): RequestHandler {
  const serve = express.static(root, options);
  const variants = findVariants(root);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return serve(req, res, next);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return serve(req, res, next);
    }
    const available = variants.get(urlPath);
    if (!available) return serve(req, res, next);
    res.vary("Accept-Encoding");
    const encoding = chooseEncoding(req.get("accept-encoding"));
    if (!encoding || !available.has(encoding)) return serve(req, res, next);
    res.type(path.extname(urlPath));
    res.setHeader("Content-Encoding", encoding);
    const originalUrl = req.url;
    const queryStart = originalUrl.indexOf("?");
    const query = queryStart === -1 ? "" : originalUrl.slice(queryStart);
    const pathname = queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart);
    req.url = `${pathname}${fileSuffix[encoding]}${query}`;
    serve(req, res, (error?: unknown) => {
      // The variant went missing after start: whatever answers next must not claim an encoding.
      req.url = originalUrl;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next(error);
    });
  };
}
