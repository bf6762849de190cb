import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

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
  // zlib's asynchronous calls run on libuv's thread pool, so files compress on every core.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
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
