import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { compressOnce } from "../../app/lib/precompress.server";

/** Text formats worth compressing; images (WebP, PNG) and PDFs are compressed already. */
export const compressibleExtensions = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".html",
  ".txt",
  ".xml",
  ".json",
  ".webmanifest",
  ".ico",
]);

export type PrecompressSummary = { files: number; bytes: number; brotliBytes: number };

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(file) : Promise.resolve([file]);
    }),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file under `dir`, at the strongest
 * settings (done once per build, so the server never compresses these files per request). A variant
 * that would not be smaller than the file (a one-line module) is not written: the server then sends
 * the file itself.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressSummary> {
  const files = (await listFiles(dir)).filter((file) =>
    compressibleExtensions.has(path.extname(file).toLowerCase()),
  );
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0 };
  // Compression runs on libuv's thread pool, so files compress on every core.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const { br, gzip: gz } = await compressOnce(bytes);
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      if (br.length < bytes.length || gz.length < bytes.length) {
        summary.files += 1;
        summary.bytes += bytes.length;
        summary.brotliBytes += Math.min(br.length, bytes.length);
      }
    }),
  );
  return summary;
}
