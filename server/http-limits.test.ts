import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { rotateConnections } from "./http-limits";

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe("rotateConnections", () => {
  it("ends a kept-alive connection after its quota of answers, so the client connects again", async () => {
    server = http.createServer((_req, res) => res.end("ok"));
    rotateConnections(server, { maxRequests: 3 });
    const sockets = new Set<unknown>();
    server.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connectionHeaders: (string | undefined)[] = [];
    for (let index = 0; index < 7; index++) {
      await new Promise<void>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", agent }, (res) => {
            connectionHeaders.push(res.headers.connection);
            res.resume();
            res.on("end", () => setImmediate(resolve));
          })
          .on("error", reject);
      });
    }
    agent.destroy();
    expect(connectionHeaders).toEqual([
      "keep-alive",
      "keep-alive",
      "close",
      "keep-alive",
      "keep-alive",
      "close",
      "keep-alive",
    ]);
    // Every answer was a success: the closed connections were replaced, not refused.
    expect(sockets.size).toBe(3);
  });
});
