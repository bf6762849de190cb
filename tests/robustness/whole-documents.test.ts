// A signed-in page reaches a browser as one compressed body with its length (app/entry.server.tsx,
// server/whole-body-compression.ts), not streamed in React's 2 KB pieces through the compression
// middleware's stream. Until this test, only crawlers got that: the microtask that chose streaming ran
// before React Router's data transfer finished, for every browser. Does not depend on machine speed.
import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../support/raw-get";
import { type SignedInUser, signUpAndSignIn } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("whole documents", () => {
  let server: ProductionServer;
  let member: SignedInUser;
  beforeAll(async () => {
    server = await startProductionServer();
    member = await signUpAndSignIn(server);
  });
  afterAll(() => server?.stop());

  it.each([
    // gzip at level 1 for a page compressed per request (server/whole-body-compression.ts).
    ["a browser that accepts Brotli", chrome, "gzip, deflate, br, zstd", "gzip"],
    ["a client that accepts only Brotli", chrome, "br", "br"],
    ["a browser, gzip", chrome, "gzip", "gzip"],
    ["no user agent (wrk)", undefined, "gzip", "gzip"],
    ["a crawler", "Googlebot/2.1 (+http://www.google.com/bot.html)", "gzip", "gzip"],
  ])("sends /profile whole to %s", async (_who, userAgent, acceptEncoding, encoding) => {
    const response = await rawGet(`${server.baseUrl}/profile`, {
      Cookie: member.cookie,
      "Accept-Encoding": acceptEncoding,
      ...(userAgent ? { "User-Agent": userAgent } : {}),
    });
    expect(response.status).toBe(200);
    expect(response.headers["transfer-encoding"]).toBeUndefined();
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers["content-length"]).toBe(String(response.body.length));
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = (
      encoding === "br" ? zlib.brotliDecompressSync(response.body) : zlib.gunzipSync(response.body)
    ).toString();
    expect(html).toContain("Welcome, Robin!");
    // Rendered to one string (a page that does not hydrate), with the doctype the stream renderer wrote.
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(html.match(/<!DOCTYPE/gi)).toHaveLength(1);
    expect(html).not.toContain("__reactRouterContext");
    expect(html.trimEnd()).toMatch(/<\/html>$/);
  });

  // The compression middleware runs only for the responses it is needed for (server/app-server.ts):
  // a route's data for a navigation in the browser streams out, and is compressed as it goes.
  it("streams a page's data compressed", async () => {
    const response = await rawGet(`${server.baseUrl}/profile.data`, {
      Cookie: member.cookie,
      "Accept-Encoding": "gzip",
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-length"]).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(response.body).toString()).toContain("Robin");
  });

  // A GET follows no abort signal (server/router-handler.ts): a page whose client has gone is rendered
  // to the end and its write dropped. 200 connections closed 0-4 ms after their request must leave the
  // workers serving, with nothing logged as an error.
  it("survives 200 signed-in GETs whose connections drop mid-request", async () => {
    const { port } = new URL(server.baseUrl);
    const dropped = (afterMs: number) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          socket.write(
            `GET /profile HTTP/1.1\r\nHost: localhost:${port}\r\nCookie: ${member.cookie}\r\nAccept-Encoding: gzip\r\n\r\n`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, afterMs);
        });
        socket.on("error", () => resolve());
      });
    const outputBefore = server.output().length;
    await Promise.all(Array.from({ length: 200 }, (_, index) => dropped(index % 5)));
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.baseUrl}/profile`, { headers: { cookie: member.cookie } }).then(
          (response) => response.status,
        ),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(server.output().slice(outputBefore)).not.toMatch(/"level":(50|60)|exiting/);
  });
});
