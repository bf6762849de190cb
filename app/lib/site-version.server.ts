import fs from "node:fs";
import path from "node:path";

export type SiteVersion = { version: string | null; commit: string | null };

let cached: SiteVersion | undefined;

/**
 * Which code is running: package.json's version, and the git commit when the site runs from a clone (as
 * the operations guide deploys it). Read from the files, not by running git, once per process.
 */
export function siteVersion(root = process.cwd()): SiteVersion {
  cached ??= { version: readVersion(root), commit: readCommit(root) };
  return cached;
}

function readVersion(root: string): string | null {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      version?: string;
    };
    return pkg.version ?? null;
  } catch {
    return null;
  }
}

function readCommit(root: string): string | null {
  try {
    const gitDir = path.join(root, ".git");
    const head = fs.readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head.slice(0, 12);
    const ref = head.slice(5);
    const loose = path.join(gitDir, ref);
    if (fs.existsSync(loose)) return fs.readFileSync(loose, "utf8").trim().slice(0, 12);
    const packed = fs.readFileSync(path.join(gitDir, "packed-refs"), "utf8");
    const line = packed.split("\n").find((entry) => entry.endsWith(` ${ref}`));
    return line ? line.slice(0, 12) : null;
  } catch {
    return null;
  }
}
