// Every page, action and export of the admin area (/user-data and below), walked from the route list
// itself, so a page added later is walked too: a signed-out visitor is sent to log in, a member with no
// role gets 403, and so does an editor, everywhere but the admin area's frame and the content pages
// (/user-data/content and below), which let editors in. Each guard runs before the route touches the
// database, so these calls need none.

import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionEndedWhileEditing } from "~/features/accounts/session.server";
import { prepareDatabase } from "~/lib/db/db.server";
import routes from "~/routes";
import { contextWithSession, guardAnswer, testAccount } from "../../tests/support/session-context";

type RouteEntry = { id?: string; path?: string; file: string; children?: RouteEntry[] };
type RouteFunction = (args: {
  request: Request;
  url: URL;
  params: Record<string, string>;
  context: unknown;
}) => unknown;

function withFullPaths(entries: RouteEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: entry.file }, ...withFullPaths(entry.children ?? [], full)];
  });
}

const adminRoutes = withFullPaths(routes as RouteEntry[]).filter(
  (route) => route.path === "user-data" || route.path.startsWith("user-data/"),
);
const handlers = (
  await Promise.all(
    adminRoutes.map(async (route) => {
      const module = (await import(
        /* @vite-ignore */ path.resolve(import.meta.dirname, "..", route.file)
      )) as Record<string, unknown>;
      return (["loader", "action"] as const)
        .filter((kind) => typeof module[kind] === "function")
        .map((kind) => ({
          ...route,
          kind,
          name: `${kind} /${route.path} (${route.file})`,
          run: module[kind] as RouteFunction,
        }));
    }),
  )
).flat();

const frameFile = "routes/admin-layout.tsx";
const isContentPage = (route: { path: string }) =>
  route.path === "user-data/content" || route.path.startsWith("user-data/content/");

// Real documents for the parameters, so a content form's action finds what it would edit.
const sampleParams: Record<string, string> = {
  year: "2025",
  page: "0",
  slug: "",
  season: "2025-2026",
  kind: "board-season",
  key: "2025-2026",
  version: "1",
};

/** The route's address with its parameters filled in from `sampleParams`. */
function concretePath(routePath: string): string {
  return `/${routePath}`
    .replace(/:(\w+)\??/g, (_, name: string) => sampleParams[name] ?? "x")
    .replace(/\/+$/, "");
}

function paramsOf(routePath: string): Record<string, string> {
  return Object.fromEntries(
    [...routePath.matchAll(/:(\w+)/g)].map(([, name = ""]) => [name, sampleParams[name] ?? "x"]),
  );
}

function call(handler: (typeof handlers)[number], roles: Parameters<typeof testAccount>[0] | null) {
  // A concrete address for parameters (none today), so a redirect's return path is a real one.
  const address = new URL(`http://localhost${concretePath(handler.path)}`);
  const context = contextWithSession(
    roles
      ? { status: "signed-in", user: testAccount(roles), sessionToken: "test-session" }
      : { status: "signed-out" },
  );
  const request = new Request(address, {
    method: handler.kind === "action" ? "POST" : "GET",
    body: handler.kind === "action" ? new URLSearchParams({ intent: "grant" }) : undefined,
  });
  return guardAnswer(() =>
    handler.run({ request, url: address, params: paramsOf(handler.path), context }),
  );
}

describe("the admin area's guards", () => {
  // A content form's action reads the document it edits even for a signed-out editor (to give back
  // the form as posted): a migrated database of its own, holding the shipped content.
  beforeAll(async () => {
    process.env.BASE_URL = "http://localhost:3000";
    process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "admin-walk-"));
    delete process.env.DATABASE_URL;
    await prepareDatabase();
  });

  it("walk every page, action and export under /user-data", () => {
    const walked = handlers.map((handler) => `${handler.kind} /${handler.path}`);
    expect(walked).toEqual(
      expect.arrayContaining([
        "loader /user-data",
        "action /user-data",
        "loader /user-data/submissions",
        "action /user-data/submissions",
        "loader /user-data/review",
        "action /user-data/review",
        "loader /user-data/presenters",
        "action /user-data/presenters",
        "loader /user-data/materials",
        "loader /user-data/audit",
        "loader /user-data/program",
        "action /user-data/program",
        "loader /user-data/export/users.csv",
        "loader /user-data/export/submissions.csv",
        "loader /user-data/export/reviews.csv",
      ]),
    );
  });

  for (const handler of handlers) {
    if (handler.kind === "action" && isContentPage(handler)) {
      // A content form's post is not redirected away (what was typed would be lost): the form is
      // answered with the sentence saying the session ended, and nothing is saved.
      it(`${handler.name} tells a signed-out editor, keeping the post`, async () => {
        const address = new URL(`http://localhost${concretePath(handler.path)}`);
        const answer = await handler.run({
          request: new Request(address, { method: "POST", body: new URLSearchParams() }),
          url: address,
          params: paramsOf(handler.path),
          context: contextWithSession({ status: "signed-out" }),
        });
        const text =
          answer instanceof Response ? await answer.clone().text() : JSON.stringify(answer);
        expect(text).toContain(JSON.stringify(sessionEndedWhileEditing).slice(1, 40));
      });
    } else
      it(`${handler.name} sends a signed-out visitor to log in and back`, async () => {
        const answer = await call(handler, null);
        expect(answer).toBeInstanceOf(Response);
        const location = (answer as Response).headers.get("Location") ?? "";
        expect(location).toMatch(/^\/login\?/);
        expect(new URL(location, "http://localhost").searchParams.get("redirectTo")).toBe(
          concretePath(handler.path),
        );
      });

    it(`${handler.name} answers 403 to a member without a role, a reviewer included`, async () => {
      for (const roles of [{}, { isReviewer: true }]) {
        const answer = await call(handler, roles);
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(403);
      }
    });

    if (handler.file !== frameFile && !isContentPage(handler))
      it(`${handler.name} answers 403 to an editor`, async () => {
        const answer = await call(handler, { isEditor: true });
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(403);
      });
  }

  it("frames the area for editors (the content entry only) and admins (every entry)", async () => {
    const frame = handlers.find(
      (handler) => handler.file === frameFile && handler.kind === "loader",
    );
    if (!frame) throw new Error("the admin area has no frame");
    expect(await call(frame, { isEditor: true })).toBe("passed");
    const run = (roles: Parameters<typeof testAccount>[0]) =>
      frame.run({
        request: new Request("http://localhost/user-data"),
        url: new URL("http://localhost/user-data"),
        params: {},
        context: contextWithSession({
          status: "signed-in",
          user: testAccount(roles),
          sessionToken: "test-session",
        }),
      });
    expect(await run({ isEditor: true })).toEqual({ isAdmin: false });
    // Admins also get the notices (mail failing, backups late): their content depends on the site.
    expect(await run({ isAdmin: true })).toMatchObject({ isAdmin: true });
  });
});
