// The cost guard of signed-in pages: how many database queries and document renders each one makes,
// counted by the server itself (every request's log line carries both) and pinned exactly. Counts do
// not move with the machine's speed, so a page that starts reading the session twice, loading a list
// row by row or rendering twice fails here, on any machine. A change that needs another query updates
// the number here, on purpose. The speed itself is `npm run bench`'s (docs/performance.md).
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpAndSignIn } from "./support/accounts";
import { type ProductionServer, startProductionServer } from "./support/production-server";
import { reportMeasurement } from "./support/report";
import { grantReviewer, signInAdmin, uploadAbstract } from "./support/site-people";

const adminEmail = "cost-admin@example.edu";
let server: ProductionServer;
let cookies: { member: string; admin: string };

beforeAll(async () => {
  // One worker: `costOf` warms a page's per-process caches with its first request, and with two the
  // second request may reach the other worker (a new connection goes to either) and render again.
  server = await startProductionServer({
    env: { LOG_LEVEL: "info", ADMIN_EMAILS: adminEmail, WEB_CONCURRENCY: "1" },
  });
  const member = await signUpAndSignIn(server, { email: "cost-member@example.edu" });
  await uploadAbstract(server, member.cookie);
  const admin = await signInAdmin(server, adminEmail);
  await grantReviewer(server, admin, member.email);
  cookies = { member: member.cookie, admin };
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Cost = { status: number; queries: number; renders: number };

/** The cost the server logged for the latest GET of `path`, after the line has been written. */
async function loggedCost(path: string, after: number): Promise<Cost> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    const lines = server
      .output()
      .split("\n")
      .slice(after)
      .filter((line) => line.includes('"msg":"request"'));
    for (const line of lines.reverse()) {
      const entry = JSON.parse(line) as { method: string; path: string } & Cost;
      if (entry.method === "GET" && entry.path === path)
        return { status: entry.status, queries: entry.queries, renders: entry.renders };
    }
    await sleep(20);
  }
  throw new Error(`no log line for GET ${path}`);
}

/** Requests the page twice (the first may fill per-process caches) and answers the second's cost. */
async function costOf(path: string, cookie?: string): Promise<Cost> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const start = server.output().split("\n").length - 1;
  await (await fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" })).arrayBuffer();
  // A request's log line can reach the output after its response. Until the first one has, the second
  // request's lines cannot be told from it (a public page's first request renders, its second not).
  await loggedCost(path, start);
  const before = server.output().split("\n").length - 1;
  const response = await fetch(`${server.baseUrl}${path}`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  const cost = await loggedCost(path, before);
  reportMeasurement(`${path}: ${cost.queries} queries, ${cost.renders} render`);
  return cost;
}

// Every signed-in request reads the content revision (1) and its session with its roles (1).
describe("queries and renders per page, counted", () => {
  it.each([
    // + the account's devices.
    { path: "/profile", who: "member", queries: 3 },
    // + whether the call is open, the abstracts, those shared with the member, their authors.
    { path: "/sculc/view-submission", who: "member", queries: 6 },
    // + whether the call is open, the affiliation the form starts with.
    { path: "/sculc/submit-abstract", who: "member", queries: 4 },
    // + the review settings, the assigned abstracts, their numbers.
    { path: "/review", who: "member", queries: 5 },
    // + the admin frame's failing-mail check, the user table's page with its count in one statement (the frame's
    // backup and disk notices are read once a minute per process).
    { path: "/user-data", who: "admin", queries: 4 },
  ] as const)("$path ($who): $queries queries, one render", async ({ path, who, queries }) => {
    expect(await costOf(path, cookies[who])).toEqual({ status: 200, queries, renders: 1 });
  });

  it.each(["/login", "/register"])(
    "%s (signed out): the content revision only, one render",
    async (path) => {
      expect(await costOf(path)).toEqual({ status: 200, queries: 1, renders: 1 });
    },
  );

  it("a public page served again from the page cache renders nothing", async () => {
    expect(await costOf("/board")).toEqual({ status: 200, queries: 1, renders: 0 });
  });
});
