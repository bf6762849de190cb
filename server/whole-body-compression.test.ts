import type http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../tests/support/raw-get";
import {
  compressWholeBody,
  inLoopCompressionLimitBytes,
  wholeBodyCompressions,
} from "./whole-body-compression";

// A page as a signed-in render produces it, and one past the in-loop limit (an admin table of many rows).
const page = Buffer.from(
  `<!DOCTYPE html><html><body>${"<p>Welcome, Robin!</p>".repeat(400)}</body></html>`,
);
const bigPage = Buffer.from(`<!DOCTYPE html>${"<tr><td>row</td></tr>".repeat(10_000)}`);
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express();
  // As server/app-server.ts: the middleware stays for streamed bodies and must leave a compressed one alone.
  app.use(compression());
  const send =
    (body: Buffer, headers: Record<string, string> = {}): express.RequestHandler =>
    async (req, res) => {
      // As server/router-handler.ts receives a whole document: with its length.
      res.set({
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(body.length),
        ...headers,
      });
      res.end(await compressWholeBody(req, res, body));
    };
  app.get("/page", send(page));
  app.get("/big", send(bigPage));
  app.get("/tiny", send(Buffer.from("<p>hi</p>")));
  app.get("/no-transform", send(page, { "Cache-Control": "private, no-transform" }));
  app.get("/binary", send(page, { "Content-Type": "image/webp" }));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("compressWholeBody", () => {
  it("compresses a whole page in the event loop, in one call, with its length (gzip)", async () => {
    const before = { ...wholeBodyCompressions };
    const response = await rawGet(`${baseUrl}/page`, { "Accept-Encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-length"]).toBe(String(response.body.length));
    expect(response.headers["transfer-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(response.body)).toEqual(page);
    expect(wholeBodyCompressions.inLoop).toBe(before.inLoop + 1);
    expect(wholeBodyCompressions.inThreadPool).toBe(before.inThreadPool);
  });

  it("sends a page gzipped at level 1 even to a browser that accepts Brotli, and Brotli to one that accepts only that", async () => {
    const browser = await rawGet(`${baseUrl}/page`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(browser.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(browser.body)).toEqual(page);
    // The level is in the gzip header's flags: 4 marks the fastest compression.
    expect(browser.body[8]).toBe(4);
    expect(browser.body).toEqual(zlib.gzipSync(page, { level: 1 }));

    const brotliOnly = await rawGet(`${baseUrl}/page`, { "Accept-Encoding": "br, gzip;q=0" });
    expect(brotliOnly.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotliOnly.body)).toEqual(page);
  });

  it("prefers Brotli for a body past the in-loop limit", { timeout: 30_000 }, async () => {
    const response = await rawGet(`${baseUrl}/big`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(response.body)).toEqual(bigPage);
  });

  // The thread pool is shared with whatever else runs in this process (other test files' password
  // hashing), so the wait is generous.
  it("hands a body past the in-loop limit to the thread pool", { timeout: 30_000 }, async () => {
    expect(bigPage.length).toBeGreaterThan(inLoopCompressionLimitBytes);
    const before = { ...wholeBodyCompressions };
    const response = await rawGet(`${baseUrl}/big`, { "Accept-Encoding": "gzip" });
    expect(zlib.gunzipSync(response.body)).toEqual(bigPage);
    expect(wholeBodyCompressions.inThreadPool).toBe(before.inThreadPool + 1);
    expect(wholeBodyCompressions.inLoop).toBe(before.inLoop);
  });

  it.each([
    ["no Accept-Encoding", "/page", {}],
    ["gzip refused", "/page", { "Accept-Encoding": "gzip;q=0, br;q=0" }],
    ["below the threshold", "/tiny", { "Accept-Encoding": "gzip" }],
    ["Cache-Control: no-transform", "/no-transform", { "Accept-Encoding": "gzip" }],
    ["not text", "/binary", { "Accept-Encoding": "gzip" }],
  ])("sends the body as it is: %s", async (_case, path, headers) => {
    const response = await rawGet(`${baseUrl}${path}`, headers);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.length).toBe(Number(response.headers["content-length"]));
  });
});
