import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../scripts/lib/precompress";
import { rawGet } from "../tests/support/raw-get";
import { chooseEncoding, staticAssets } from "./static-assets";

// A build folder as `npm run build` leaves it, served the way server/app-server.ts serves build/client.
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const style = `${".card { color: rebeccapurple; padding: 1rem; }\n".repeat(100)}`;
let root: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "uls-static-"));
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "assets/app-abc123.js"), script);
  fs.writeFileSync(path.join(root, "assets/style-abc123.css"), style);
  fs.writeFileSync(path.join(root, "assets/photo-abc123.webp"), Buffer.alloc(2048, 7));
  fs.writeFileSync(path.join(root, "robots.txt"), "User-agent: *\nAllow: /\n".repeat(40));
  await precompressDirectory(root);

  const app = express();
  // Without the compression middleware (which adds its own Vary), to see what the handler sends.
  app.use("/bare", staticAssets(path.join(root, "assets")));
  app.use(compression());
  app.use(
    "/assets",
    staticAssets(path.join(root, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  app.use(staticAssets(root, { maxAge: "1h", index: false }));
  app.use(((error, _req, res, _next) => {
    res
      .status(error.status ?? 500)
      .type("text/plain")
      .send("Not found");
  }) satisfies ErrorRequestHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(root, { recursive: true, force: true });
});

/** A raw GET (fetch would ask for and undo compression by itself). */
const get = (urlPath: string, headers: Record<string, string> = {}) =>
  rawGet(`${baseUrl}${urlPath}`, headers);

describe("the build script", () => {
  it("writes Brotli and gzip variants of text files only", () => {
    const files = fs.readdirSync(path.join(root, "assets")).sort();
    expect(files).toEqual([
      "app-abc123.js",
      "app-abc123.js.br",
      "app-abc123.js.gz",
      "photo-abc123.webp",
      "style-abc123.css",
      "style-abc123.css.br",
      "style-abc123.css.gz",
    ]);
  });
});

describe("precompressed static files", () => {
  it("sends Brotli when the client accepts it, even listed after gzip", async () => {
    const response = await get("/assets/app-abc123.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it("sends gzip when Brotli is not accepted or refused with q=0", async () => {
    for (const accept of ["gzip", "br;q=0, gzip;q=0.8", "gzip, *;q=0"]) {
      const response = await get("/assets/style-abc123.css", { "Accept-Encoding": accept });
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(response.headers["content-type"]).toBe("text/css; charset=utf-8");
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.gunzipSync(response.body).toString()).toBe(style);
    }
  });

  it("sends the file itself for identity, for no Accept-Encoding, and when both are refused", async () => {
    const requests: Record<string, string>[] = [
      { "Accept-Encoding": "identity" },
      {},
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of requests) {
      const response = await get("/assets/app-abc123.js", headers);
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body.toString()).toBe(script);
    }
  });

  it("names Accept-Encoding in Vary by itself, for every answer of a file with variants", async () => {
    for (const accept of ["br", "gzip", "identity"]) {
      const response = await get("/bare/app-abc123.js", { "Accept-Encoding": accept });
      expect(response.headers.vary, accept).toBe("Accept-Encoding");
    }
  });

  it("serves files outside /assets the same way, with their own caching", async () => {
    const response = await get("/robots.txt", { "Accept-Encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("leaves already compressed images alone", async () => {
    const response = await get("/assets/photo-abc123.webp", { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("image/webp");
  });

  it("still answers 404 for a missing asset", async () => {
    const response = await get("/assets/missing-abc123.js", { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(404);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("answers 304 to a revalidation of the compressed file", async () => {
    const first = await get("/assets/app-abc123.js", { "Accept-Encoding": "br" });
    const again = await get("/assets/app-abc123.js", {
      "Accept-Encoding": "br",
      "If-None-Match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    const identity = await get("/assets/app-abc123.js", { "Accept-Encoding": "identity" });
    expect(identity.headers.etag).not.toBe(first.headers.etag);
  });
});

describe("chooseEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, br", "br"],
    ["gzip;q=1, br;q=0.5", "br"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["identity", undefined],
    ["", undefined],
    [undefined, undefined],
    ["deflate", undefined],
  ])("%s -> %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
