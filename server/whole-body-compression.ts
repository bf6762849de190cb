import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import type express from "express";
import { preferredEncoding } from "./accept-encoding";

/** Below this a body goes out as it is (as the compression middleware's default threshold). */
export const compressionThresholdBytes = 1024;

/**
 * Up to this size a whole body is compressed in the event loop. A 10 KB page takes 0.1-0.3 ms that
 * way; handing it to libuv's thread pool instead costs about as much again in dispatch and wake-ups
 * (0.23 ms of CPU in all for 0.03 ms on the loop, measured on two cores), which two busy workers pay
 * from the same cores. Larger bodies (an admin page of many rows) go to the thread pool, so one of them
 * never holds the loop for milliseconds.
 */
export const inLoopCompressionLimitBytes = 128 * 1024;

// A page of up to `inLoopCompressionLimitBytes` is compressed on the event loop, for every request:
// gzip at level 1 (nginx's default level), even for a browser that accepts Brotli. On a 10 KB page it
// takes 40 µs where Brotli at quality 4 takes 110 µs and gzip's default level 59 µs, and its 3.5 KB
// are 220 bytes more than Brotli's: less than a packet. A larger page goes to the thread pool with the
// compression middleware's settings (Brotli at quality 4, gzip at zlib's default level), where the bytes
// saved are worth the CPU time.
const inLoopPreference = ["gzip", "br"] as const;
const inLoopGzipOptions: zlib.ZlibOptions = { level: 1 };
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** How many whole bodies were compressed in the event loop and in the thread pool (for tests). */
export const wholeBodyCompressions = { inLoop: 0, inThreadPool: 0 };

/**
 * Compresses a whole response body (a document rendered in full, server/router-handler.ts) in one call
 * and sets Content-Encoding, Content-Length and Vary, instead of through the compression middleware's
 * stream: that stream costs a zlib context, a thread-pool round trip per write and a flush, for a body
 * that is already complete. Answers the body to send; the middleware then leaves it alone ("already
 * encoded"). Bodies the middleware would not compress (small, not text, HEAD, `no-transform`) are
 * returned as they are.
 */
export async function compressWholeBody(
  req: express.Request,
  res: express.Response,
  body: Buffer,
): Promise<Buffer> {
  if (
    req.method === "HEAD" ||
    res.hasHeader("Content-Encoding") ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? "")) ||
    !compression.filter(req, res)
  ) {
    return body;
  }
  appendVary(res, "Accept-Encoding");
  if (body.length < compressionThresholdBytes) return body;
  const inLoop = body.length <= inLoopCompressionLimitBytes;
  const encoding = preferredEncoding(
    req.headers["accept-encoding"],
    inLoop ? inLoopPreference : undefined,
  );
  if (encoding === "identity") return body;
  let encoded: Buffer;
  if (inLoop) {
    wholeBodyCompressions.inLoop++;
    encoded =
      encoding === "br"
        ? zlib.brotliCompressSync(body, brotliOptions(body.length))
        : zlib.gzipSync(body, inLoopGzipOptions);
  } else {
    wholeBodyCompressions.inThreadPool++;
    encoded =
      encoding === "br"
        ? await brotliAsync(body, brotliOptions(body.length))
        : await gzipAsync(body);
  }
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", encoded.length);
  return encoded;
}

function appendVary(res: express.Response, field: string) {
  const current = res.getHeader("Vary");
  const fields = String(current ?? "")
    .split(",")
    .map((value) => value.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return;
  res.setHeader("Vary", current ? `${current}, ${field}` : field);
}
