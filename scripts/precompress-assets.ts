/**
 * Part of `npm run build`, after `react-router build`: writes Brotli and gzip variants of the browser
 * build's text files (build/client), which server/static-assets.ts sends to browsers that accept them.
 *
 * Run: `npx tsx scripts/precompress-assets.ts [dir]` (default build/client).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { precompressDirectory } from "./lib/precompress";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(root, process.argv[2] ?? "build/client");
const started = Date.now();
const summary = await precompressDirectory(dir);
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
process.stdout.write(
  `Precompressed ${summary.files} files in ${path.relative(root, dir)}: ${kilobytes(summary.bytes)} -> ${kilobytes(summary.brotliBytes)} with Brotli (${Date.now() - started} ms)\n`,
);
