import { describe, expect, it } from "vitest";
import { formHeaders } from "./support/accounts";
import { serverForThisFile } from "./support/production-server";
import { sendRaw } from "./support/raw-http";
import { reportMeasurement } from "./support/report";

// Broken and hostile requests get a 4xx, never a 5xx, and the server keeps answering.
const running = serverForThisFile();

function get(target: string, headers: string[] = []) {
  return [
    `GET ${target} HTTP/1.1`,
    "Host: localhost",
    ...headers,
    "Connection: close",
    "",
    "",
  ].join("\r\n");
}

describe("malformed requests", () => {
  const cases: { name: string; request: () => string; expected: number[] }[] = [
    { name: "a bare percent sign in the path", request: () => get("/%"), expected: [400] },
    { name: "a truncated UTF-8 escape", request: () => get("/%E0%A4%A"), expected: [400] },
    {
      name: "an invalid escape in a page path",
      request: () => get("/sculc/%zz"),
      expected: [400, 404],
    },
    {
      name: "bad escapes in the query",
      request: () => get("/login?redirectTo=%E0%A4%A&x=%"),
      expected: [200, 400],
    },
    {
      name: "a 20 KB query string",
      request: () => get(`/?q=${"q".repeat(20_000)}`),
      expected: [431],
    },
    {
      name: "a 20 KB header",
      request: () => get("/", [`X-Big: ${"b".repeat(20_000)}`]),
      expected: [431],
    },
    { name: "an unknown method", request: () => get("/").replace(/^GET/, "BREW"), expected: [400] },
    {
      name: "a request line with no version",
      request: () => "GET /\r\n\r\n",
      expected: [200, 400],
    },
    {
      name: "a header without a colon",
      request: () => get("/", ["Broken header"]),
      expected: [400],
    },
    {
      name: "both Content-Length and chunked",
      request: () =>
        [
          "POST /login HTTP/1.1",
          "Host: localhost",
          "Content-Length: 5",
          "Transfer-Encoding: chunked",
          "",
          "0",
          "",
          "",
        ].join("\r\n"),
      expected: [400],
    },
    {
      name: "an absolute URL of another host",
      request: () => get("http://evil.example/"),
      expected: [200, 400, 404],
    },
    {
      name: "a garbled session cookie",
      request: () => get("/profile", ['Cookie: better-auth.session_token=%%%"; a=\\x00']),
      expected: [302],
    },
  ];
  for (const testCase of cases) {
    it(`${testCase.name}: ${testCase.expected.join(" or ")}`, async () => {
      const answer = await sendRaw(running.server.port, testCase.request());
      reportMeasurement(`${testCase.name}: ${answer.status}`);
      expect(testCase.expected).toContain(answer.status);
      expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
    });
  }

  async function uploadWithContentType(contentType: string) {
    const response = await fetch(`${running.server.baseUrl}/sculc/submit-abstract`, {
      method: "POST",
      headers: formHeaders(running.server, {
        cookie: running.user.cookie,
        "Content-Type": contentType,
      }),
      body: "--xyz\r\nContent-Disposition: form-data; name=abstract; filename=a.pdf\r\n\r\n%PDF-",
      redirect: "manual",
    });
    await response.text();
    reportMeasurement(`upload with ${contentType}: ${response.status}`);
    return response.status;
  }

  it("a multipart body that never reaches its boundary is a 4xx", async () => {
    expect(await uploadWithContentType("multipart/form-data; boundary=abc")).toBeLessThan(500);
  });

  it("a multipart upload with a broken or missing boundary is refused, not a 5xx", async () => {
    for (const contentType of [
      "multipart/form-data; boundary=",
      "multipart/form-data",
      'multipart/form-data; boundary="unterminated',
    ]) {
      expect(await uploadWithContentType(contentType)).toBeLessThan(500);
    }
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
  });

  it("a form with broken encoding reaches its action and is refused by it", async () => {
    const response = await fetch(`${running.server.baseUrl}/login`, {
      method: "POST",
      headers: formHeaders(running.server, { "Content-Type": "application/x-www-form-urlencoded" }),
      body: "intent=password&email=%E0%A4%A&password=%",
      redirect: "manual",
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

// A request is matched among the routes of its path's first segment (server/route-subsets.ts): spellings
// that pick the subset differently, or not at all, still get the page every route would give them.
describe("addresses spelled to pick another route subset", () => {
  const cases: { target: string; expected: number }[] = [
    { target: "/PROFILE", expected: 302 },
    { target: "/pro%66ile", expected: 302 },
    { target: "//profile", expected: 404 },
    { target: "/user-data/../profile", expected: 302 },
    { target: "/_.data", expected: 200 },
    { target: "/profile.data", expected: 202 },
    { target: "/nothing-here.data", expected: 404 },
    { target: "/nothing-here/at/all", expected: 404 },
    { target: "/ROBOTS.TXT", expected: 200 },
  ];
  for (const { target, expected } of cases) {
    it(`${target}: ${expected}`, async () => {
      const answer = await sendRaw(running.server.port, get(target));
      expect(answer.status).toBe(expected);
    });
  }

  it("answers 100 such requests at once, none with a 5xx", async () => {
    const targets = Array.from({ length: 12 }, () => cases)
      .flat()
      .slice(0, 100);
    const answers = await Promise.all(
      targets.map(({ target }) => sendRaw(running.server.port, get(target))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(targets.map((c) => c.expected));
    expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
  });
});
