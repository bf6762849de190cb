import net from "node:net";
import { describe, expect, it } from "vitest";
import { abstractDetailParts } from "../support/abstract-details";
import { makeAbstractPdf } from "../support/pdf-fixtures";
import { signUpAndSignIn } from "./support/accounts";
import { startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";

// SIGTERM to the supervisor: no new connections, requests in flight finish, then exit 0; a worker
// still busy after the grace period is killed, and the supervisor still exits.

/** Starts an upload and sends all of it but its last `held` bytes; returns how to finish it. */
async function startUpload(port: number, baseUrl: string, cookie: string, held: number) {
  const boundary = "----shutdown-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `${abstractDetailParts(boundary)}--${boundary}\r\nContent-Disposition: form-data; name="abstract"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    await makeAbstractPdf(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let answer = "";
  socket.on("data", (chunk) => {
    answer += chunk.toString("latin1");
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    [
      "POST /sculc/submit-abstract HTTP/1.1",
      `Host: localhost:${port}`,
      `Origin: ${baseUrl}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  await new Promise<void>((resolve) =>
    socket.write(body.subarray(0, body.length - held), () => resolve()),
  );
  return {
    finish: async () => {
      socket.write(body.subarray(body.length - held));
      await closed;
      return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
    },
    closed,
  };
}

describe("graceful shutdown", () => {
  it("finishes an upload in flight, refuses new connections, and exits 0", async () => {
    const server = await startProductionServer({ env: { WEB_CONCURRENCY: "2" } });
    try {
      const user = await signUpAndSignIn(server);
      const upload = await startUpload(server.port, server.baseUrl, user.cookie, 20);
      const signalledAt = performance.now();
      server.child.kill("SIGTERM");
      // New connections are refused once the workers stop listening.
      await expect
        .poll(() =>
          fetch(`${server.baseUrl}/healthz`).then(
            () => "answered",
            () => "refused",
          ),
        )
        .toBe("refused");
      const status = await upload.finish();
      const { code } = await server.exited;
      reportMeasurement(
        `upload in flight at SIGTERM answered ${status}; supervisor exited ${code} after ${Math.round(performance.now() - signalledAt)} ms`,
      );
      expect(status).toBe(302);
      expect(code).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("kills a worker whose request does not finish within the grace period, then exits 0", async () => {
    const server = await startProductionServer({ env: { WEB_CONCURRENCY: "1" } });
    try {
      const user = await signUpAndSignIn(server);
      // Never finished: the worker cannot close while this request is in flight.
      const upload = await startUpload(server.port, server.baseUrl, user.cookie, 20);
      const signalledAt = performance.now();
      server.child.kill("SIGTERM");
      const { code } = await server.exited;
      const exitedAfterMs = Math.round(performance.now() - signalledAt);
      await upload.closed;
      reportMeasurement(`stuck request: supervisor exited ${code} after ${exitedAfterMs} ms`);
      expect(code).toBe(0);
      expect(exitedAfterMs).toBeLessThan(15_000);
    } finally {
      await server.stop();
    }
  });
});
