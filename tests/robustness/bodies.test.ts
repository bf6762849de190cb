import net from "node:net";
import { describe, expect, it } from "vitest";
import { withAbstractDetails } from "../support/abstract-details";
import { formHeaders } from "./support/accounts";
import { serverForThisFile } from "./support/production-server";
import { sendRaw } from "./support/raw-http";
import { reportMeasurement } from "./support/report";

// Every action but the two uploads (abstracts, final materials) refuses a body over 64 KB with 413
// before reading it, whether the client declares its length or streams it in chunks; a client that
// drops the connection half-way through a form body costs nothing; the server keeps answering.
const running = serverForThisFile();

const actionPaths = [
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/complete-profile",
  "/edit-profile",
  "/logout",
  "/sculc/view-submission",
  "/user-data",
  "/user-data/submissions",
  "/user-data/audit",
  "/user-data/materials",
  "/user-data/presenters",
  "/user-data/program",
  "/sculc/congratulations-page",
  "/sculc/final-materials/consent",
  "/user-data/review",
  "/review",
  "/review/abstracts/1",
  "/api/auth/callback/google",
  "/no-such-page",
];

const oversized = 1024 * 1024;

function formBody(bytes: number): Uint8Array {
  return new TextEncoder().encode(`note=${"a".repeat(bytes - 5)}`);
}

/** A body streamed in 16 KB chunks with no Content-Length (Transfer-Encoding: chunked). */
function chunkedBody(bytes: number | Uint8Array): ReadableStream<Uint8Array> {
  const content = typeof bytes === "number" ? new Uint8Array(bytes).fill(0x61) : bytes;
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= content.length) return controller.close();
      const chunk = content.subarray(sent, sent + 16 * 1024);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function post(path: string, body: Uint8Array | ReadableStream<Uint8Array>) {
  const started = performance.now();
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: formHeaders(running.server, {
      cookie: running.user.cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "text/html",
    }),
    body: body as BodyInit,
    redirect: "manual",
    // Node's fetch needs this for a streamed body.
    duplex: "half",
  };
  const response = await fetch(`${running.server.baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, text, ms: Math.round(performance.now() - started) };
}

describe("bodies over 64 KB", () => {
  for (const path of actionPaths) {
    it(`${path}: 413 at once, with and without Content-Length`, async () => {
      const declared = await post(path, formBody(oversized));
      expect(declared.status).toBe(413);
      expect(declared.text).toContain("larger than this site accepts (64 KB)");
      const chunked = await post(path, chunkedBody(oversized));
      expect(chunked.status).toBe(413);
      reportMeasurement(
        `${path}: 1 MB with Content-Length refused in ${declared.ms} ms, chunked in ${chunked.ms} ms`,
      );
      expect(declared.ms).toBeLessThan(2_000);
      expect(chunked.ms).toBeLessThan(2_000);
      expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
    });
  }

  it("a form just under the limit still reaches its action, chunked or not", async () => {
    const body = new URLSearchParams({
      intent: "password",
      email: "nobody@example.edu",
      password: "p".repeat(60 * 1024),
    }).toString();
    for (const sent of [
      new TextEncoder().encode(body),
      chunkedBody(new TextEncoder().encode(body)),
    ]) {
      const response = await post("/login", sent);
      expect(response.status).not.toBe(413);
      expect(response.status).toBeLessThan(500);
    }
  });

  it.each([
    ["/sculc/submit-abstract", "abstract"],
    ["/sculc/final-materials?submission=none", "material"],
  ])(
    "the upload %s keeps its own streaming cap (MAX_UPLOAD_MB), not the form limit",
    async (target, field) => {
      // The abstract form sends its details first; the materials form has no other required field.
      const form = field === "abstract" ? withAbstractDetails(new FormData()) : new FormData();
      form.set(
        field,
        new File([new Uint8Array(200 * 1024).fill(0x20)], "a.pdf", { type: "application/pdf" }),
      );
      const response = await fetch(`${running.server.baseUrl}${target}`, {
        method: "POST",
        headers: formHeaders(running.server, { cookie: running.user.cookie }),
        body: form,
        redirect: "manual",
      });
      // Refused as not a PDF or for an unknown abstract: not as too large.
      expect(response.status).not.toBe(413);
      expect(response.status).toBeLessThan(500);
    },
  );
});

/** Declares a 2 KB form body, sends half of it, then drops the connection. */
async function dropFormBodyHalfway(path: string) {
  const url = new URL(running.server.baseUrl);
  const socket = net.connect(Number(url.port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  const body = `intent=save&note=${"a".repeat(2048 - 17)}`;
  socket.write(
    [
      `POST ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      `Origin: ${running.server.baseUrl}`,
      `Cookie: ${running.user.cookie}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${body.length}`,
      "",
      body.slice(0, body.length / 2),
    ].join("\r\n"),
  );
  // Let the server start reading before the connection goes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
}

describe("a form body dropped half-way", () => {
  it("costs nothing on any action: no error logged, the server keeps answering", async () => {
    const before = running.server.output().length;
    await Promise.all(actionPaths.map((path) => dropFormBodyHalfway(path)));
    // The body reader notices the closed connection at once; give the workers a moment to log, if they would.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
    const page = await fetch(`${running.server.baseUrl}/review/abstracts/1`, {
      headers: { cookie: running.user.cookie },
      redirect: "manual",
    });
    expect(page.status).toBeLessThan(500);
    const logged = running.server.output().slice(before);
    expect(logged).not.toMatch(/"level":(50|60)/);
  });
});

/** A multipart upload of `bytes` bytes of file for a route that refuses it from its address alone. */
function refusedUploadRequest(host: string, bytes: number, chunked: boolean): Buffer {
  const boundary = "----keepalive";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="material"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const body = Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(bytes, 0x20),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = [
    "POST /sculc/final-materials?submission=none HTTP/1.1",
    `Host: ${host}`,
    `Origin: http://${host}`,
    `Cookie: ${running.user.cookie}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${body.length}`,
    "",
    "",
  ].join("\r\n");
  const framed = chunked
    ? Buffer.concat([
        Buffer.from(`${body.length.toString(16)}\r\n`),
        body,
        Buffer.from("\r\n0\r\n\r\n"),
      ])
    : body;
  return Buffer.concat([Buffer.from(headers), framed]);
}

describe("an upload refused before its body is read", () => {
  it("leaves the kept-alive connection usable: the next request on it is answered", async () => {
    const url = new URL(running.server.baseUrl);
    const next = `GET /healthz HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`;
    for (const chunked of [false, true]) {
      const answer = await sendRaw(
        Number(url.port),
        Buffer.concat([refusedUploadRequest(url.host, 1024 * 1024, chunked), Buffer.from(next)]),
      );
      const statuses = [...answer.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
      // The refusal (not found), then the health check: the dropped body was not read as a request.
      expect(statuses, chunked ? "chunked" : "with Content-Length").toHaveLength(2);
      expect(Number(statuses[0])).toBeLessThan(500);
      expect(statuses[1]).toBe("200");
    }
  });

  it("closes the connection instead once the body passes the upload limit", async () => {
    const url = new URL(running.server.baseUrl);
    // The server inherits this process's MAX_UPLOAD_MB, or the default of 10.
    const overLimit = (Number(process.env.MAX_UPLOAD_MB ?? 10) + 1) * 1024 * 1024;
    const answer = await sendRaw(
      Number(url.port),
      refusedUploadRequest(url.host, overLimit, true),
      { timeoutMs: 20_000 },
    );
    expect(answer.status).toBeLessThan(500);
    expect(answer.closedAfterMs).toBeLessThan(20_000);
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
  });
});
