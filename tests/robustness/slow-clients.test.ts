import { describe, expect, it } from "vitest";
import { httpLimits } from "../../server/http-limits";
import { abstractDetailParts } from "../support/abstract-details";
import { serverForThisFile } from "./support/production-server";
import { sendRaw } from "./support/raw-http";
import { reportMeasurement } from "./support/report";

// Clients that start a request and then send nothing are dropped within the configured timeouts
// (server/http-limits.ts), and the server keeps answering others meanwhile.
const running = serverForThisFile();

const checkingSlackMs = httpLimits.connectionsCheckingIntervalMs + 1_500;

describe("slow clients", () => {
  it("are dropped: unfinished headers, a stalled form body, a stalled upload", async () => {
    const host = `Host: localhost:${running.server.port}`;
    const [headers, formBody, upload] = await Promise.all([
      // The request line and one header, then nothing.
      sendRaw(running.server.port, `GET / HTTP/1.1\r\n${host}\r\nX-Slow: `, {
        timeoutMs: httpLimits.headersTimeoutMs + 10_000,
      }),
      // A sign-in form that promises 1,000 bytes and sends 10.
      sendRaw(
        running.server.port,
        `POST /login HTTP/1.1\r\n${host}\r\nOrigin: ${running.server.baseUrl}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=pas`,
        { timeoutMs: httpLimits.formBodyTimeoutMs + 10_000 },
      ),
      // An upload that promises 5 MB and stops after its first bytes.
      sendRaw(
        running.server.port,
        `POST /sculc/submit-abstract HTTP/1.1\r\n${host}\r\nOrigin: ${running.server.baseUrl}\r\nCookie: ${running.user.cookie}\r\nContent-Type: multipart/form-data; boundary=xyz\r\nContent-Length: 5000000\r\n\r\n${abstractDetailParts("xyz")}--xyz\r\nContent-Disposition: form-data; name="abstract"; filename="a.pdf"\r\n\r\n%PDF-1.7\n`,
        { timeoutMs: httpLimits.idleTimeoutMs + 10_000 },
      ),
      // Meanwhile the server answers everyone else.
      (async () => {
        for (let index = 0; index < 5; index++) {
          expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
        }
      })(),
    ]);
    reportMeasurement(
      `unfinished headers dropped after ${headers.closedAfterMs} ms (status ${headers.status}; headersTimeout ${httpLimits.headersTimeoutMs} ms); ` +
        `stalled form body after ${formBody.closedAfterMs} ms (status ${formBody.status}; form body timeout ${httpLimits.formBodyTimeoutMs} ms); ` +
        `stalled upload after ${upload.closedAfterMs} ms (status ${upload.status}; idle timeout ${httpLimits.idleTimeoutMs} ms)`,
    );
    expect(headers.closedAfterMs).toBeGreaterThanOrEqual(httpLimits.headersTimeoutMs - 500);
    expect(headers.closedAfterMs).toBeLessThan(httpLimits.headersTimeoutMs + checkingSlackMs);
    expect(headers.status).toBe(408);
    expect(formBody.closedAfterMs).toBeLessThan(httpLimits.formBodyTimeoutMs + checkingSlackMs);
    expect(formBody.status).toBe(408);
    expect(upload.closedAfterMs).toBeLessThan(httpLimits.idleTimeoutMs + checkingSlackMs);
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
  });
});
