import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { trustProxies } from "./trusted-proxies";

// The proxies' reports are believed from trusted peers only, and hop by hop, with the answers kept.
describe("trustProxies", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function serve(setting: unknown) {
    const app = express();
    trustProxies(app, setting);
    app.get("/", (req, res) => {
      res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return async (headers: Record<string, string>) => (await fetch(base, { headers })).json();
  }

  const forwarded = {
    "X-Forwarded-For": "203.0.113.7, 198.51.100.2",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "sculc.example.edu",
  };

  it("believes a trusted peer's reports, the same on every request", async () => {
    const ask = await serve("loopback");
    for (let i = 0; i < 3; i++) {
      // The proxy it names is not on the loopback: the client is the one that proxy saw.
      expect(await ask(forwarded)).toEqual({
        ip: "198.51.100.2",
        protocol: "https",
        hostname: "sculc.example.edu",
      });
    }
  });

  it("ignores the reports of a peer it does not trust, the same on every request", async () => {
    const ask = await serve("10.0.0.1");
    for (let i = 0; i < 3; i++) {
      expect(await ask(forwarded)).toEqual({
        ip: "127.0.0.1",
        protocol: "http",
        hostname: "127.0.0.1",
      });
    }
  });

  it("keeps its answers per hop: the same address is trusted as the peer, not one hop further", async () => {
    const ask = await serve(1);
    const chain = { "X-Forwarded-For": "203.0.113.7, 127.0.0.1" };
    for (let i = 0; i < 3; i++) {
      expect(((await ask(chain)) as { ip: string }).ip).toBe("127.0.0.1");
    }
    const twoHops = await serve(2);
    expect(((await twoHops(chain)) as { ip: string }).ip).toBe("203.0.113.7");
  });

  // The kept answers are keyed by what clients send: a flood of distinct addresses, all of them trusted
  // hops, only churns the bounded store, and every answer stays right.
  it("answers 100 requests at once, each naming 1,000 trusted hops of its own, and then a plain one", async () => {
    const ask = await serve("loopback");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, request) => {
        const hops = Array.from(
          { length: 1_000 },
          (_, hop) => `127.${request}.${hop >> 8}.${hop & 255}`,
        );
        return ask({ "X-Forwarded-For": ["203.0.113.7", ...hops].join(", ") });
      }),
    );
    for (const answer of answers) expect((answer as { ip: string }).ip).toBe("203.0.113.7");
    expect(await ask(forwarded)).toEqual({
      ip: "198.51.100.2",
      protocol: "https",
      hostname: "sculc.example.edu",
    });
  });
});
