import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { Request } from "express";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createRevisionReader } from "~/lib/public-pages.server";
import { rawGet } from "../tests/support/raw-get";
import { preferredEncoding } from "./accept-encoding";
import {
  createPageStateReader,
  createPublicPageCache,
  inlineScriptHashes,
  type PublicPageCacheOptions,
  withScriptSources,
} from "./public-page-cache";

const inlineScript = "window.__page = 1;";
const pageHtml = (label: string) =>
  `<!DOCTYPE html><html><head><script>${inlineScript}</script><script type="module" src="/assets/a.js"></script></head><body><h1>${label}</h1><script>window.__data = "${label}";</script></body></html>`;

type Harness = {
  url: (path: string) => string;
  renders: string[];
  fallbacks: string[];
  setState: (state: string) => void;
  setClock: (ms: number) => void;
  setRender: (render: PublicPageCacheOptions["render"]) => void;
};

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function startHarness(): Promise<Harness> {
  const renders: string[] = [];
  const fallbacks: string[] = [];
  let state = "revision-1";
  let clock = 1_000;
  let render: PublicPageCacheOptions["render"] = async (path) => {
    renders.push(path);
    return {
      response: new Response(pageHtml(`${path} at ${state}`), {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
      expiresAt: null,
    };
  };
  const app = express();
  app.use((_req, res, next) => {
    // As helmet sets it, with a fresh nonce per response.
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'self';script-src 'self' 'nonce-${crypto.randomBytes(8).toString("hex")}'`,
    );
    next();
  });
  app.use(
    createPublicPageCache({
      isPublicPath: (path) => path === "/" || path === "/board",
      render: (path) => render(path),
      readState: async () => state,
      hasSessionCookie: (cookie) => Boolean(cookie?.includes("session=")),
      now: () => clock,
    }),
  );
  app.use((req, res) => {
    fallbacks.push(req.originalUrl);
    res.type("html").send("fresh render");
  });
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    renders,
    fallbacks,
    setState: (next) => {
      state = next;
    },
    setClock: (ms) => {
      clock = ms;
    },
    setRender: (next) => {
      render = next;
    },
  };
}

describe("public page cache", () => {
  it("renders a page once and serves it from the cache after that", async () => {
    const site = await startHarness();
    const first = await fetch(site.url("/board"));
    expect(first.headers.get("server-timing")).toContain("miss");
    for (let i = 0; i < 5; i++) {
      const again = await fetch(site.url("/board"));
      expect(again.status).toBe(200);
      expect(again.headers.get("server-timing")).toContain("hit");
      expect(await again.text()).toContain("/board at revision-1");
    }
    expect(site.renders).toEqual(["/board"]);
  });

  it("renders once for a crowd arriving at a cold cache", async () => {
    const site = await startHarness();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => fetch(site.url("/")).then((r) => r.text())),
    );
    expect(new Set(responses).size).toBe(1);
    expect(site.renders).toEqual(["/"]);
  });

  it("renders again when the state changes (an admin change, a new day, a new build)", async () => {
    const site = await startHarness();
    await fetch(site.url("/"));
    site.setState("revision-2");
    const after = await fetch(site.url("/"));
    expect(await after.text()).toContain("/ at revision-2");
    await fetch(site.url("/"));
    expect(site.renders).toEqual(["/", "/"]);
  });

  it("renders again once the moment a page named has passed", async () => {
    const site = await startHarness();
    site.setRender(async (path) => {
      site.renders.push(path);
      return {
        response: new Response(pageHtml("closing soon"), {
          headers: { "content-type": "text/html" },
        }),
        expiresAt: 5_000,
      };
    });
    await fetch(site.url("/"));
    site.setClock(4_999);
    await fetch(site.url("/"));
    expect(site.renders).toHaveLength(1);
    site.setClock(5_000);
    await fetch(site.url("/"));
    expect(site.renders).toHaveLength(2);
  });

  it("sends visitors with a session cookie, a query string or a form post past the cache", async () => {
    const site = await startHarness();
    const signedIn = await fetch(site.url("/"), { headers: { cookie: "a=1; session=abc" } });
    expect(await signedIn.text()).toBe("fresh render");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await (await fetch(site.url("/?utm_source=x"))).text()).toBe("fresh render");
    expect(await (await fetch(site.url("/"), { method: "POST" })).text()).toBe("fresh render");
    expect(await (await fetch(site.url("/login"))).text()).toBe("fresh render");
    expect(site.renders).toEqual([]);
  });

  it("keeps only complete pages: a 404 or a page setting a cookie renders normally", async () => {
    const site = await startHarness();
    site.setRender(async (path) => {
      site.renders.push(path);
      return { response: new Response("gone", { status: 404 }), expiresAt: null };
    });
    expect(await (await fetch(site.url("/board"))).text()).toBe("fresh render");
    site.setRender(async (path) => {
      site.renders.push(path);
      return {
        response: new Response(pageHtml("x"), {
          headers: { "content-type": "text/html", "set-cookie": "a=b" },
        }),
        expiresAt: null,
      };
    });
    expect(await (await fetch(site.url("/board"))).text()).toBe("fresh render");
    expect(site.fallbacks).toEqual(["/board", "/board"]);
  });

  it("serves brotli, gzip or plain bodies as asked, each with its own ETag, and 304 on a match", async () => {
    const site = await startHarness();
    const plain = await fetch(site.url("/"), { headers: { "accept-encoding": "identity" } });
    const html = await plain.text();
    expect(html).toContain("<h1>/ at revision-1</h1>");
    expect(plain.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(plain.headers.get("cache-control")).toBe("no-cache");

    // fetch would decompress on its own; read the raw bytes instead.
    const raw = (encoding: string, extra: Record<string, string> = {}) =>
      rawGet(site.url("/"), { "accept-encoding": encoding, ...extra });
    const brotli = await raw("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(html);
    const gzipped = await raw("gzip, br;q=0");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(html);
    expect(
      new Set([plain.headers.get("etag"), brotli.headers.etag, gzipped.headers.etag]).size,
    ).toBe(3);

    const revalidated = await raw("br", { "if-none-match": String(brotli.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const otherPage = await raw("br", { "if-none-match": '"something-else"' });
    expect(otherPage.status).toBe(200);

    // After a change, the old ETag no longer matches.
    site.setState("revision-2");
    const changed = await raw("br", { "if-none-match": String(brotli.headers.etag) });
    expect(changed.status).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const site = await startHarness();
    const head = await fetch(site.url("/"), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
  });

  it("replaces the per-response nonce with the hashes of the page's own inline scripts", async () => {
    const site = await startHarness();
    const response = await fetch(site.url("/"));
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).not.toContain("nonce-");
    const hash = (text: string) =>
      `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    expect(policy).toContain(hash(inlineScript));
    expect(policy).toContain(hash('window.__data = "/ at revision-1";'));
    // The external module is allowed by 'self', not by a hash of nothing.
    expect(policy).not.toContain(hash(""));
  });
});

describe("page state", () => {
  it("differs for another build, another revision and another day where the conference is", async () => {
    let revision = "r1";
    let moment = new Date("2025-05-17T06:59:59Z"); // 11:59:59 PM on May 16 in Los Angeles
    const stateFor = (buildVersion: string) =>
      createPageStateReader({
        buildVersion,
        readRevision: async () => revision,
        now: () => moment,
      });
    const request = {} as Request;
    const read = () => stateFor("build-a")(request);
    const first = await read();
    expect(await read()).toBe(first);
    expect(await stateFor("build-b")(request)).not.toBe(first);
    revision = "r2";
    const afterChange = await read();
    expect(afterChange).not.toBe(first);
    moment = new Date("2025-05-17T07:00:00Z"); // midnight in Los Angeles, still May 17 in UTC
    expect(await read()).not.toBe(afterChange);
  });
});

describe("inline script hashes", () => {
  it("hashes scripts with attributes but skips scripts with src", () => {
    const sources = inlineScriptHashes(
      '<script type="module" async="">import "/a.js";</script><script src="/b.js"></script>',
    );
    expect(sources.split(" ")).toHaveLength(1);
    expect(inlineScriptHashes("<p>no scripts</p>")).toBe("");
  });

  it("puts them in place of the nonce, and lists no source twice when there are none", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc123';style-src 'self'";
    expect(withScriptSources(policy, "'sha256-x=' 'sha256-y='")).toBe(
      "default-src 'self';script-src 'self' 'sha256-x=' 'sha256-y=';style-src 'self'",
    );
    const none = withScriptSources(policy, inlineScriptHashes("<p>no scripts</p>"));
    expect(none).toBe("default-src 'self';script-src 'self';style-src 'self'");
    for (const directive of none.split(";")) {
      const sources = directive.trim().split(/\s+/).slice(1);
      expect(new Set(sources).size).toBe(sources.length);
    }
  });
});

describe("preferred encoding", () => {
  it.each([
    [undefined, "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0, identity", "identity"],
    ["identity", "identity"],
    ["deflate", "identity"],
  ])("%s -> %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("revision reader", () => {
  it("never answers a caller with a read that began before it asked", async () => {
    let version = 0;
    const started: number[] = [];
    const pending: (() => void)[] = [];
    const read = createRevisionReader(
      () =>
        new Promise<string>((resolve) => {
          started.push(version);
          const valueAtStart = version;
          pending.push(() => resolve(String(valueAtStart)));
        }),
    );
    const first = read();
    // A change commits while the first read is in flight; these callers asked after it.
    version = 1;
    const second = read();
    const third = read();
    expect(started).toEqual([0]);
    pending.shift()?.();
    expect(await first).toBe("0");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    pending.shift()?.();
    expect(await second).toBe("1");
    expect(await third).toBe("1");
  });
});
