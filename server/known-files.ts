import fs from "node:fs";
import type { RequestHandler } from "express";

/**
 * Hands a request to `serve` only when its first path segment names an entry of `dir` (listed once at
 * start: the build's files never change while it runs). Without it, every page request cost a file
 * lookup on disk that failed, and the error object that reported it.
 */
export function onlyForFilesIn(dir: string, serve: RequestHandler): RequestHandler {
  const entries = new Set(fs.readdirSync(dir));
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      name = first;
    }
    if (entries.has(name)) serve(req, res, next);
    else next();
  };
}
