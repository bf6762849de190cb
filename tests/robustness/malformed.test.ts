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

// Methods and data requests the routes were not made for: a form posted to a stale address, a route's
// data asked for by hand. Each gets a 4xx or the page's own answer; none a 5xx.
describe("methods and data requests a route was not made for", () => {
  const unknownAddresses = ["/nope", "/sculc-2024/talks", "/nothing/here/at/all"];

  it.each(["POST", "PUT", "DELETE", "PATCH"])(
    "%s to an unknown address, one to three segments deep: 405 from this site, 403 from another",
    async (method) => {
      for (const target of unknownAddresses) {
        const sameSite = await fetch(`${running.server.baseUrl}${target}`, {
          method,
          headers: formHeaders(running.server, {
            cookie: running.user.cookie,
            "Content-Type": "application/x-www-form-urlencoded",
          }),
          body: "intent=anything",
          redirect: "manual",
        });
        await sameSite.arrayBuffer();
        expect(sameSite.status, `${method} ${target}`).toBe(405);
        const elsewhere = await fetch(`${running.server.baseUrl}${target}`, {
          method,
          headers: { Origin: "https://elsewhere.example" },
          body: "intent=anything",
          redirect: "manual",
        });
        await elsewhere.arrayBuffer();
        expect(elsewhere.status, `${method} ${target} from another site`).toBe(403);
      }
      expect((await fetch(`${running.server.baseUrl}/healthz`)).status).toBe(200);
    },
  );

  it("HEAD of a page rendered whole gives its length and no body", async () => {
    const answer = await sendRaw(
      running.server.port,
      [
        "HEAD /profile HTTP/1.1",
        "Host: localhost",
        `Cookie: ${running.user.cookie}`,
        "Connection: close",
        "",
        "",
      ].join("\r\n"),
    );
    expect(answer.status).toBe(200);
    expect(Number(/content-length: (\d+)/i.exec(answer.text)?.[1])).toBeGreaterThan(1000);
    expect(answer.text.split("\r\n\r\n")[1] ?? "").toBe("");
  });

  // The final materials' pages show a refused post and never redirect; the congratulations page asks
  // for its abstract. Their data, asked for by hand, signed in or not, with missing or made-up numbers.
  it.each([
    "/sculc/final-materials.data",
    "/sculc/final-materials.data?submission=made-up",
    "/sculc/final-materials/consent.data",
    "/sculc/final-materials/consent.data?submission=%zz",
    "/sculc/congratulations-page.data",
    "/sculc/congratulations-page.data?submission=made-up",
    "/user-data.data?page=99999&sort=nothing",
    "/sculc/final-materials?submission=made-up",
    "/sculc/congratulations-page?submission=made-up",
  ])("%s: no 5xx, signed in or not", async (target) => {
    for (const cookie of [running.user.cookie, undefined]) {
      const response = await fetch(`${running.server.baseUrl}${target}`, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      await response.arrayBuffer();
      expect(response.status, `${target} ${cookie ? "signed in" : "signed out"}`).toBeLessThan(500);
    }
  });
});
